import type { TReview } from "@waterside/shared/reviews";
import { Link } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { formatDate } from "~/lib/format";

/** Who wrote a review or reply and when, with the Owner and Edited tags (spec §4). */
export function PostHeader({
  post,
}: {
  post: Pick<TReview, "user" | "user_id" | "is_ad_owner" | "edited" | "created_at">;
}) {
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm">
      <Avatar name={post.user.name} url={post.user.profile_image_url} className="size-8 shrink-0 text-sm" />
      <Link to={`/profile/${post.user_id}`} className="truncate font-semibold hover:underline">
        {post.user.name}
      </Link>
      {post.is_ad_owner && (
        <span className="shrink-0 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
          Owner
        </span>
      )}
      <span className="shrink-0 text-xs text-slate-500">{formatDate(post.created_at)}</span>
      {post.edited && <span className="shrink-0 text-xs text-slate-500 italic">Edited</span>}
    </div>
  );
}
