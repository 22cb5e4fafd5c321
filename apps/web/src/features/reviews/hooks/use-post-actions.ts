import type { TLikeResult } from "@waterside/shared/reviews";
import { REVIEW_MESSAGES } from "@waterside/shared/reviews-messages";
import { useState } from "react";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { openLoginPrompt } from "~/lib/login-prompt";
import { notify } from "~/lib/notify";
import { useSession } from "~/lib/session";

interface Likeable {
  id: number;
  is_liked: boolean;
  likes_count: number;
}

/**
 * What a reader does to a review or a reply (spec §4): like it (applied at once, reverted on error), and for its
 * author edit or delete it. `what` picks the spec's error texts; the calls are the post kind's own.
 */
export function usePostActions<T extends Likeable>({
  post,
  what,
  update,
  onRemoved,
  calls,
}: {
  post: T;
  what: "review" | "reply";
  update: (change: (post: T) => T) => void;
  onRemoved: () => void;
  calls: {
    like: (id: number) => Promise<TLikeResult>;
    remove: (id: number) => Promise<unknown>;
    save: (id: number, content: string) => Promise<Partial<T>>;
  };
}) {
  const signedIn = useSession().status === "signed-in";
  const [editing, setEditing] = useState(false);
  const { confirm, dialog } = useConfirm();
  const failed = what === "review" ? REVIEW_MESSAGES.reviewFailed : REVIEW_MESSAGES.replyFailed;

  return {
    /** The delete confirmation: render it in the post. */
    dialog,
    signedIn,
    editing,
    setEditing,

    async toggleLike() {
      if (!signedIn) return openLoginPrompt(`Log in to like ${what === "review" ? "reviews" : "replies"}.`);
      const was = { is_liked: post.is_liked, likes_count: post.likes_count };
      update((current) => ({
        ...current,
        is_liked: !was.is_liked,
        likes_count: was.likes_count + (was.is_liked ? -1 : 1),
      }));
      try {
        const result = await calls.like(post.id);
        update((current) => ({ ...current, ...result }));
      } catch {
        update((current) => ({ ...current, ...was }));
        notify("error", failed("liking"));
      }
    },

    async remove() {
      const question = what === "review" ? "Delete your review? Its replies go with it." : "Delete this reply?";
      if (!(await confirm({ title: `Delete ${what}`, text: question, confirm: "Delete", danger: true }))) return;
      try {
        await calls.remove(post.id);
        onRemoved();
      } catch {
        notify("error", failed("deleting"));
      }
    },

    /** Saves an edit; true when saved. */
    async save(content: string) {
      try {
        const saved = await calls.save(post.id, content);
        update((current) => ({ ...current, ...saved }));
        setEditing(false);
        return true;
      } catch {
        notify("error", failed("updating"));
        return false;
      }
    },
  };
}
