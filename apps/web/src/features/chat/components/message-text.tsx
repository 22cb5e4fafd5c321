import { Fragment } from "react";
import { wordChunks } from "../word-chunks";

/**
 * A message's text, as text only (never HTML, decision 039), with long words broken into 20-character chunks that
 * may wrap (spec §2). Line breaks the writer typed are kept.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <p className="break-words whitespace-pre-wrap">
      {wordChunks(text).map((chunks, index) => (
        <Fragment key={index}>
          {chunks.map((chunk, at) => (
            <Fragment key={at}>
              {at > 0 && <wbr />}
              {chunk}
            </Fragment>
          ))}
        </Fragment>
      ))}
    </p>
  );
}
