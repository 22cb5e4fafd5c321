/** The first tab stop of every page: straight to its content, past the top bar. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to content
    </a>
  );
}
