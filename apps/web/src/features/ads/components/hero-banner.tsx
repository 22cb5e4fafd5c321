import { BRAND } from "@waterside/shared/brand";
import { useEffect, useState } from "react";
import { clsx } from "clsx";
import { useDataSaver } from "~/lib/data-saver";
import { SearchBar } from "./search-bar";

/** Spec §9: the hero slider auto-plays every 3000 ms, with dots and arrows; never with the data saver on (decision 105). */
const SLIDE_INTERVAL_MS = 3000;

const SLIDES = [
  {
    title: `Buy and sell anything in Liberia`,
    text: `Cars, phones, land, rice and more, from sellers near you on ${BRAND}.`,
    tone: "from-emerald-700 to-teal-600",
  },
  {
    title: "Sell in minutes, free",
    text: "Take good photos, set your price and meet buyers by chat.",
    tone: "from-sky-700 to-emerald-600",
  },
  {
    title: "Boost your ad with MTN MoMo",
    text: "Get seen first with a package paid straight from Mobile Money.",
    tone: "from-amber-600 to-rose-600",
  },
] as const;

export function HeroBanner() {
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const dataSaver = useDataSaver();
  const go = (index: number) => setCurrent((index + SLIDES.length) % SLIDES.length);

  useEffect(() => {
    if (paused || dataSaver || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = window.setInterval(() => setCurrent((index) => (index + 1) % SLIDES.length), SLIDE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [paused, dataSaver]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      className={clsx("relative bg-gradient-to-br text-white transition-colors duration-700", SLIDES[current]!.tone)}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="mx-auto max-w-7xl px-4 pt-8 pb-10 sm:px-6 sm:pt-12 sm:pb-14">
        {/* Every slide is laid out in one grid cell, the hidden ones invisible: the box is always as tall as the
            tallest slide at this width, from the server's HTML on, so changing slides never moves the page. */}
        <div aria-live={paused || dataSaver ? "polite" : "off"} className="grid max-w-2xl">
          {SLIDES.map((item, index) => (
            <div
              key={item.title}
              aria-hidden={index !== current}
              // The outgoing words fade out before the next ones fade in, so two lines never overlap mid-change.
              className={clsx(
                "[grid-area:1/1] transition-[opacity,visibility] motion-reduce:transition-none",
                index === current ? "visible opacity-100 delay-200 duration-300" : "invisible opacity-0 duration-200",
              )}
            >
              <p className="text-2xl font-bold tracking-tight sm:text-4xl">{item.title}</p>
              <p className="mt-2 text-white/90 sm:text-lg">{item.text}</p>
            </div>
          ))}
        </div>
        {/* The same search bar as listings, suggestions included, on a white card. */}
        <div className="mt-5 max-w-3xl rounded-xl bg-white p-2 text-slate-900 shadow-lg">
          <SearchBar />
        </div>
        <div className="mt-5 flex items-center gap-3">
          <button
            type="button"
            onClick={() => go(current - 1)}
            aria-label="Previous slide"
            className="grid size-8 place-items-center rounded-full bg-white/20 hover:bg-white/30"
          >
            ‹
          </button>
          <div className="flex">
            {/* A 10 px dot inside a 24 px button: a thumb can hit it (WCAG 2.2 target size). */}
            {SLIDES.map((item, index) => (
              <button
                key={item.title}
                type="button"
                onClick={() => go(index)}
                aria-label={`Slide ${index + 1} of ${SLIDES.length}`}
                aria-current={index === current}
                className="grid size-6 place-items-center rounded-full"
              >
                <span className={clsx("size-2.5 rounded-full", index === current ? "bg-white" : "bg-white/45")} />
              </button>
            ))}
          </div>
          <button
            type="button"
            onClick={() => go(current + 1)}
            aria-label="Next slide"
            className="grid size-8 place-items-center rounded-full bg-white/20 hover:bg-white/30"
          >
            ›
          </button>
        </div>
      </div>
    </section>
  );
}
