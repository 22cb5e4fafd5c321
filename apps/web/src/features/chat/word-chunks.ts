import { CHAT_WORD_CHUNK } from "@waterside/shared/chat-messages";

/**
 * Spec §2: long words are broken into 20-character chunks for display. The text is split into runs of spaces and
 * words; a word longer than the chunk comes back as its chunks (by characters, so an emoji is never cut), between
 * which the line may break. Nothing is dropped: joined, the pieces are the text.
 */
export function wordChunks(text: string, size = CHAT_WORD_CHUNK): string[][] {
  return (text.match(/\s+|\S+/g) ?? []).map((part) => {
    const characters = Array.from(part);
    if (characters.length <= size || /^\s/.test(part)) return [part];
    const chunks: string[] = [];
    for (let start = 0; start < characters.length; start += size) {
      chunks.push(characters.slice(start, start + size).join(""));
    }
    return chunks;
  });
}
