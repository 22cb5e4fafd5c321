import { describe, expect, it } from "vitest";
import { deferHydration, takePageBoot, withoutScripts } from "./defer-hydration";

const page = (body: string, nonce?: string) => {
  const attribute = nonce ? ` nonce="${nonce}"` : "";
  return (
    `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-1.js"${attribute}/>` +
    `<link rel="modulepreload" href="/assets/root-2.js"${attribute}/><link rel="stylesheet" href="/assets/root.css"/></head>` +
    `<body>${body}<script${attribute}>window.__reactRouterContext = {};</script>` +
    `<script${attribute} type="module" async="">import "/assets/root-2.js";\nimport("/assets/entry.client-1.js");</script></body></html>`
  );
};

/** Runs the page's loader script with a fake document, fires `load`, and returns what it appended. */
function runLoader(html: string) {
  const loader = /<script[^>]*>(addEventListener[\s\S]*?)<\/script>/.exec(html)![1]!;
  const appended: Array<Record<string, string>> = [];
  let onLoad = () => {};
  new Function("addEventListener", "document", loader)((_event: string, listener: () => void) => (onLoad = listener), {
    createElement: () => ({}) as Record<string, string>,
    head: { appendChild: (node: Record<string, string>) => appended.push(node) },
    body: { appendChild: (node: Record<string, string>) => appended.push(node) },
  });
  const before = [...appended];
  onLoad();
  return { before, appended };
}

describe("deferHydration", () => {
  it("moves the module preloads and the hydration script after the load event", () => {
    const html = deferHydration(page("<h1>Cars</h1>"));
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
    expect(html).toContain("<script>window.__reactRouterContext = {};</script>");
    expect(html).toContain('addEventListener("load"');
    expect(html).toContain('["/assets/entry.client-1.js","/assets/root-2.js"]');
    expect(html).toContain('"import \\"/assets/root-2.js\\";\\nimport(\\"/assets/entry.client-1.js\\");"');
  });

  it("leaves a page without a hydration script as it is", () => {
    const html = "<!DOCTYPE html><html><body><h1>Offline</h1></body></html>";
    expect(deferHydration(html)).toBe(html);
  });

  it("runs the deferred script in a browser-like order: preloads first, then the module", () => {
    const { before, appended } = runLoader(deferHydration(page("")));
    expect(before).toEqual([]);
    expect(appended.map((node) => node.rel ?? node.type)).toEqual(["modulepreload", "modulepreload", "module"]);
    expect(appended[2]!.textContent).toContain('import("/assets/entry.client-1.js")');
    expect(appended[2]!.nonce).toBeUndefined();
  });

  it("gives the loader and the module script it creates the response's nonce, which the policy requires", () => {
    const html = deferHydration(page("<h1>Cars</h1>", "bm9uY2U+/w=="), "bm9uY2U+/w==");
    expect(html).not.toContain('<script nonce="bm9uY2U+/w==" type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<script nonce="bm9uY2U+/w==">window.__reactRouterContext = {};</script>');
    expect(html).toContain('<script nonce="bm9uY2U+/w==">addEventListener("load"');
    const { appended } = runLoader(html);
    expect(appended.map((node) => node.rel ?? node.type)).toEqual(["modulepreload", "modulepreload", "module"]);
    expect(appended[2]!.nonce).toBe("bm9uY2U+/w==");
    expect(appended[2]!.textContent).toContain('import("/assets/entry.client-1.js")');
  });

  it("cannot be made to write markup through the nonce", () => {
    const html = deferHydration(page(""), '"><img src=x onerror=alert(1)>');
    expect(html).toContain('<script nonce="&quot;><img src=x onerror=alert(1)>">addEventListener');
    expect(html).not.toContain('"><img');
  });
});

describe("the early taps script of a page that hydrates later", () => {
  it("is the head's first child, with the response's nonce", () => {
    const html = deferHydration(page("<h1>Cars</h1>", "bm9uY2U+/w=="), "bm9uY2U+/w==");
    expect(html).toMatch(/^<!DOCTYPE html><html><head><script nonce="bm9uY2U\+\/w==">\(function\(d,w\)/);
    expect(deferHydration(page(""), '"><img src=x>')).not.toContain('"><img');
  });

  /** The script run on a fake document: what it does with a click or a choice, and with a stored session. */
  function runScript(stored: string | null) {
    const script = /<head><script>([\s\S]*?)<\/script>/.exec(deferHydration(page("")))![1]!;
    const listeners: Record<string, (event: unknown) => void> = {};
    const html = { attributes: new Set<string>(), hasAttribute: (name: string) => html.attributes.has(name) };
    const quickMessages = { hidden: true };
    const control = (tagName: string, held: boolean) => ({
      tagName,
      value: "",
      attributes: new Map<string, string>(),
      setAttribute(name: string, value: string) {
        this.attributes.set(name, value);
      },
      closest(selector: string) {
        return held && selector === "button[type=button]" ? this : null;
      },
    });
    const document = {
      documentElement: html,
      addEventListener: (type: string, listener: (event: unknown) => void) => (listeners[type] = listener),
      querySelectorAll: (selector: string) => (selector === "[data-signed-in-only]" ? [quickMessages] : []),
    };
    const window: { __earlyTaps?: unknown[] } = {};
    new Function("document", "window", "localStorage", script)(document, window, { getItem: () => stored });
    const dispatch = (type: string, target: ReturnType<typeof control>) => {
      const event = { type, target, stopped: false, prevented: false };
      Object.assign(event, {
        preventDefault: () => (event.prevented = true),
        stopImmediatePropagation: () => (event.stopped = true),
      });
      listeners[type]!(event);
      return event;
    };
    return { dispatch, control, held: () => window.__earlyTaps, html, listeners, quickMessages };
  }

  it("holds a tap on a button that needs the app, once, marked busy, and lets other taps through", () => {
    const { dispatch, control, held } = runScript(null);
    const save = control("BUTTON", true);
    const tap = dispatch("click", save);
    expect(tap.prevented && tap.stopped).toBe(true);
    expect(save.attributes.get("aria-busy")).toBe("true");
    dispatch("click", save);
    const link = dispatch("click", control("A", false));
    expect(link.prevented || link.stopped).toBe(false);
    expect(held()).toEqual([save]);
  });

  it("keeps a select's last choice before the page runs", () => {
    const { dispatch, control, held } = runScript(null);
    const sort = control("SELECT", false);
    sort.value = "price|asc";
    dispatch("change", sort);
    sort.value = "price|desc";
    dispatch("change", sort);
    expect(held()).toEqual([sort]);
    expect((sort as unknown as { heldValue: string }).heldValue).toBe("price|desc");
  });

  it("holds the submit of a form only the app can send, and leaves a form the server answers alone", () => {
    const { dispatch, control, held } = runScript(null);
    const form = (appForm: boolean) =>
      Object.assign(control("FORM", false), { hasAttribute: (name: string) => appForm && name === "data-app-form" });
    const login = form(true);
    const submit = dispatch("submit", login);
    expect(submit.prevented && submit.stopped).toBe(true);
    expect(login.attributes.get("aria-busy")).toBe("true");
    const filters = dispatch("submit", form(false));
    expect(filters.prevented || filters.stopped).toBe(false);
    expect(held()).toEqual([login]);
  });

  it("holds nothing once the page has hydrated", () => {
    const { dispatch, control, held, html } = runScript(null);
    html.attributes.add("data-hydrated");
    const tap = dispatch("click", control("BUTTON", true));
    expect(tap.prevented || tap.stopped).toBe(false);
    expect(held()).toEqual([]);
  });

  it("shows what is for signed-in readers when storage holds a user, and only then", () => {
    const signedIn = runScript(JSON.stringify({ user: { name: "Musu" } }));
    signedIn.listeners.DOMContentLoaded!({});
    expect(signedIn.quickMessages.hidden).toBe(false);
    for (const stored of [null, "not json", "{}"]) {
      const visitor = runScript(stored);
      visitor.listeners.DOMContentLoaded!({});
      expect(visitor.quickMessages.hidden, String(stored)).toBe(true);
    }
  });
});

describe("withoutScripts", () => {
  const jsonLd = '<script type="application/ld+json">{"@type":"Organization"}</script>';
  const infoPage = (nonce?: string) =>
    page(`<h1>About us</h1>${jsonLd}<script>console.log("restore scroll")</script>`, nonce);

  it("drops every script and module preload React put in the page, keeping structured data and styles", () => {
    const html = withoutScripts(infoPage());
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain("__reactRouterContext");
    expect(html).not.toContain("/assets/entry.client-1.js");
    expect(html).not.toContain("restore scroll");
    expect(html).toContain(jsonLd);
    expect(html).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
    expect(html).toContain("<h1>About us</h1>");
    expect(html).toMatch(/^<!DOCTYPE html><html data-scriptless="">/);
    // Structured data and the one inline script: nothing else.
    expect(html.match(/<script\b/g)).toHaveLength(2);
  });

  it("leaves the service worker to the next hydrated page: installing it here would download code (decision 102)", () => {
    expect(withoutScripts(infoPage())).not.toContain("serviceWorker");
  });

  it("gives its one inline script the response's nonce, and cannot be made to write markup through it", () => {
    const html = withoutScripts(infoPage("bm9uY2U+/w=="), "bm9uY2U+/w==");
    expect(html).toMatch(/<script nonce="bm9uY2U\+\/w==">\(function\(d\)[^<]*<\/script><\/body>/);
    expect(withoutScripts(infoPage(), '"><img src=x>')).not.toContain('"><img');
  });

  /** A document with the top bar's menu and account links, the inline script run on it, and what it changed. */
  function runScript(stored: string | null) {
    const script = /<script>(\(function[\s\S]*?)<\/script>/.exec(withoutScripts(infoPage()))![1]!;
    const element = (marks: string[] = []) => ({
      hidden: false,
      initial: "",
      attributes: new Set<string>(),
      setAttribute(name: string, value: string) {
        this.attributes.add(name);
        if (name === "data-initial") this.initial = value;
      },
      closest: (selector: string) => (marks.some((mark) => selector === `[${mark}]`) ? {} : null),
      querySelector: (): unknown => initial,
    });
    const initial = element();
    const signedIn = { ...element(), hidden: true, querySelector: () => initial };
    const signedOut = element();
    const menu = { ...element(), open: false, showModal: () => (menu.open = true), close: () => (menu.open = false) };
    let onClick = (_event: { target: unknown }) => {};
    const html = { attributes: new Set<string>(), hasAttribute: (name: string) => html.attributes.has(name) };
    const document = {
      documentElement: html,
      addEventListener: (_type: string, listener: typeof onClick) => (onClick = listener),
      getElementById: (id: string) => (id === "site-menu" ? menu : null),
      querySelector: (selector: string) =>
        selector === "[data-session=signed-in]"
          ? signedIn
          : selector === "[data-session=signed-out]"
            ? signedOut
            : null,
    };
    new Function("document", "localStorage", script)(document, { getItem: () => stored });
    return { click: (target: unknown) => onClick({ target }), element, menu, signedIn, signedOut, initial, html };
  }

  it("opens the menu from its button and closes it from its close button and its backdrop", () => {
    const { click, element, menu } = runScript(null);
    click(element(["data-opens-menu"]));
    expect(menu.open).toBe(true);
    click(element());
    expect(menu.open).toBe(true);
    click(element(["data-closes-menu"]));
    expect(menu.open).toBe(false);
    click(element(["data-opens-menu"]));
    click(menu);
    expect(menu.open).toBe(false);
  });

  it("leaves the menu to the app once a page loaded on intent has hydrated", () => {
    const { click, element, menu, html } = runScript(null);
    html.attributes.add("data-hydrated");
    click(element(["data-opens-menu"]));
    expect(menu.open).toBe(false);
  });

  it("shows a stored user's links and initial instead of Login", () => {
    const { signedIn, signedOut, initial } = runScript(JSON.stringify({ user: { name: "musu Kamara" } }));
    expect(signedOut.hidden).toBe(true);
    expect(signedIn.hidden).toBe(false);
    expect(signedIn.attributes.has("data-signed-in")).toBe(true);
    expect(initial.initial).toBe("M");
  });

  it("leaves Login showing for a visitor, or when the stored session cannot be read", () => {
    for (const stored of [null, "not json", "{}"]) {
      const { signedIn, signedOut } = runScript(stored);
      expect(signedOut.hidden, String(stored)).toBe(false);
      expect(signedIn.hidden, String(stored)).toBe(true);
    }
  });
});

describe("a public page whose app loads on the reader's intent (decision 107)", () => {
  const readingScript = "window.readingPageRan=true;";
  const publicPage = () => deferHydration(page("<h1>Cars</h1>"), undefined, { onIntent: { readingScript } });

  /**
   * The page's scripts run on a fake document with `stored` local storage; `load`, focus and taps fired by hand.
   * `fetch` and `location` are the page's, for one that fetches its start-up.
   */
  function runPage(
    stored: Record<string, string>,
    html = publicPage(),
    { fetch, location }: { fetch?: (url: string) => Promise<unknown>; location?: { reload(): void } } = {},
  ) {
    const scripts = [...html.matchAll(/<script(?: nonce="[^"]*")?>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    const listeners: Record<string, Array<(event: unknown) => void>> = {};
    const on = (type: string, listener: (event: unknown) => void) => (listeners[type] ??= []).push(listener);
    const root = { attributes: new Set<string>(), hasAttribute: (name: string) => root.attributes.has(name) };
    Object.assign(root, { setAttribute: (name: string) => root.attributes.add(name) });
    const appended: Array<Record<string, string>> = [];
    const document = {
      documentElement: root,
      addEventListener: on,
      createElement: () => ({}) as Record<string, string>,
      head: { appendChild: (node: Record<string, string>) => appended.push(node) },
      body: { appendChild: (node: Record<string, string>) => appended.push(node) },
      getElementById: () => null,
      querySelector: () => null,
      querySelectorAll: () => [],
    };
    const window: Record<string, unknown> = {};
    const localStorage = { getItem: (key: string) => stored[key] ?? null };
    for (const script of scripts) {
      new Function("document", "window", "localStorage", "addEventListener", "fetch", "location", script)(
        document,
        window,
        localStorage,
        on,
        fetch,
        location,
      );
    }
    const fire = (type: string, event: unknown = {}) => (listeners[type] ?? []).forEach((listener) => listener(event));
    const modules = () => appended.filter((node) => node.type === "module").length;
    /** A tap on a Save button, or on the menu's button (`[data-opens-menu]`, which a selector may leave out). */
    const tap = (kind: "save" | "menu") => {
      const button = {
        value: "",
        setAttribute: () => {},
        closest: (selector: string) => {
          if (kind === "menu" && selector.includes(":not([data-opens-menu]")) return null;
          return selector.startsWith("button[type=button]") || selector === "[data-opens-menu]" ? button : null;
        },
      };
      fire("click", { target: button, preventDefault: () => {}, stopImmediatePropagation: () => {} });
    };
    return { fire, modules, tap, root, window, appended };
  }

  it("loads nothing for a first-time visitor who only reads, and runs the reading script", () => {
    const visitor = runPage({});
    visitor.fire("load");
    visitor.fire("DOMContentLoaded");
    expect(visitor.modules()).toBe(0);
    expect(visitor.root.attributes.has("data-app-waits")).toBe(true);
    expect(visitor.window.readingPageRan).toBe(true);
    expect(publicPage()).toContain("data-opens-menu");
  });

  it("loads the app once, at the first tap on a control or focus in a field", () => {
    const tapped = runPage({});
    tapped.tap("save");
    tapped.tap("save");
    expect(tapped.modules()).toBe(1);
    const focused = runPage({});
    focused.fire("focusin", { target: { matches: (fields: string) => fields.includes("input") } });
    focused.fire("load");
    expect(focused.modules()).toBe(1);
  });

  it("does not load the app for the menu, which its own script opens", () => {
    const reader = runPage({});
    reader.tap("menu");
    expect(reader.modules()).toBe(0);
  });

  it("loads the app at load for a signed-in reader or a browser that has run it, without the reading script", () => {
    const stores: Array<Record<string, string>> = [
      { "waterside.app-ran": "1" },
      { "waterside.session": JSON.stringify({ user: { id: 1 } }) },
    ];
    for (const stored of stores) {
      const reader = runPage(stored);
      expect(reader.modules(), JSON.stringify(stored)).toBe(0);
      reader.fire("load");
      expect(reader.modules(), JSON.stringify(stored)).toBe(1);
      expect(reader.root.attributes.has("data-app-waits")).toBe(false);
      expect(reader.window.readingPageRan).toBeUndefined();
    }
  });

  describe("sent to a browser that has not run the app, its start-up kept on the server (decision 111)", () => {
    const nonce = "bm9uY2U+/w==";
    const taken = takePageBoot(page("<h1>Cars</h1>", nonce))!;
    const bootUrl = "/page-boot/AbCdEfGhIjKlMnOp?page=%2Fcategories%2F1%2F1";
    const keptPage = () => deferHydration(taken.html, nonce, { onIntent: { readingScript, bootUrl } });
    const answer = (status: number) => Promise.resolve({ ok: status === 200, json: async () => taken.boot });
    const settled = () => new Promise((resolve) => setTimeout(resolve));

    it("is taken out whole: the router's data, the preloads and the hydration module, React's scripts left empty", () => {
      expect(taken.boot).toEqual({
        routerData: "window.__reactRouterContext = {};",
        preloads: ["/assets/entry.client-1.js", "/assets/root-2.js"],
        hydration: 'import "/assets/root-2.js";\nimport("/assets/entry.client-1.js");',
      });
      expect(taken.html).not.toContain("__reactRouterContext");
      expect(taken.html).not.toContain("modulepreload");
      expect(taken.html).not.toContain("import");
      // Hydration expects each script element React rendered where the server put it.
      expect(taken.html).toContain(`<script nonce="${nonce}"></script>`);
      expect(keptPage()).toContain(`fetch(${JSON.stringify(bootUrl)})`);
      expect(keptPage()).toContain("<h1>Cars</h1>");
    });

    it("is fetched once, at the first tap, and run: the router's data, then the module, both with the nonce", async () => {
      const fetched: string[] = [];
      const fetch = (url: string) => (fetched.push(url), answer(200));
      const reader = runPage({}, keptPage(), { fetch });
      reader.fire("load");
      expect(fetched).toEqual([]);
      reader.tap("save");
      reader.tap("save");
      await settled();
      expect(fetched).toEqual([bootUrl]);
      const scripts = reader.appended.filter((node) => node.textContent !== undefined);
      expect(scripts.map((node) => [node.type, node.textContent, node.nonce])).toEqual([
        [undefined, "window.__reactRouterContext = {};", nonce],
        ["module", taken.boot.hydration, nonce],
      ]);
      expect(reader.appended.filter((node) => node.rel === "modulepreload").map((node) => node.href)).toEqual(
        taken.boot.preloads,
      );
    });

    it("is fetched at load for a browser whose storage says it has run the app", async () => {
      const fetched: string[] = [];
      const reader = runPage({ "waterside.app-ran": "1" }, keptPage(), {
        fetch: (url) => (fetched.push(url), answer(200)),
      });
      reader.fire("load");
      await settled();
      expect(fetched).toEqual([bootUrl]);
      expect(reader.modules()).toBe(1);
    });

    it("is asked for again at the next tap when there was no signal, and reloads the page when it is gone", async () => {
      let signal = false;
      const offline = runPage({}, keptPage(), {
        fetch: () => (signal ? answer(200) : Promise.reject(new TypeError("Failed to fetch"))),
      });
      offline.tap("save");
      await settled();
      expect(offline.modules()).toBe(0);
      signal = true;
      offline.tap("save");
      await settled();
      expect(offline.modules()).toBe(1);

      let reloads = 0;
      const gone = runPage({}, keptPage(), { fetch: () => answer(404), location: { reload: () => (reloads += 1) } });
      gone.tap("save");
      await settled();
      expect(reloads).toBe(1);
      expect(gone.modules()).toBe(0);
    });
  });
});
