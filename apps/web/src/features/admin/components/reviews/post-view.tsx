import type { ReactNode } from "react";
import { Link } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { useFormatDate } from "~/lib/format";

export interface PostViewData {
  content: string;
  user: { id: number; name: string; profile_image_url?: string | null };
  likes_count: number;
  edited: boolean;
  created_at: string;
}

const likes = (count: number) => `${count.toLocaleString("en-US")} ${count === 1 ? "like" : "likes"}`;

/**
 * A review or reply as an admin reads it (spec second document §3 Review, Reply): author, date, the Edited mark,
 * the text and its likes, counted, never a like button: admins cannot write, like or reply (§6). The author's name
 * leads to the reviews they wrote, unless `linkAuthor` is off (on that very page). `actions` holds the moderation
 * buttons, `children` the replies.
 */
export function PostView({
  post,
  tag,
  linkAuthor = true,
  actions,
  children,
}: {
  post: PostViewData;
  tag?: string;
  linkAuthor?: boolean;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const formatDate = useFormatDate();
  return (
    <div className="space-y-1.5">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <Avatar name={post.user.name} url={post.user.profile_image_url ?? null} className="size-7 shrink-0 text-xs" />
        {linkAuthor ? (
          <Link
            to={`/admin/users/reviews/${post.user.id}`}
            className="min-w-0 font-semibold break-words text-emerald-800 hover:underline"
          >
            {post.user.name}
          </Link>
        ) : (
          <span className="min-w-0 font-semibold break-words">{post.user.name}</span>
        )}
        {tag && (
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">{tag}</span>
        )}
        <span className="text-xs text-slate-500">{formatDate(post.created_at)}</span>
        {post.edited && <span className="text-xs text-slate-500 italic">Edited</span>}
      </div>
      <p className="text-sm break-words whitespace-pre-line text-slate-800">{post.content}</p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-slate-600">{likes(post.likes_count)}</span>
        {actions}
      </div>
      {children}
    </div>
  );
}
