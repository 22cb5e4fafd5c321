/** The confirmation before an admin status change (spec second document §4): the product's own dialog. */
export { useConfirm } from "~/components/ui/confirm-dialog";
