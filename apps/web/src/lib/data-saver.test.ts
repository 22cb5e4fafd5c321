import { describe, expect, it } from "vitest";
import {
  asksToSaveData,
  dataSaverCookie,
  dataSaverOn,
  dataSaverRequestOf,
  dataSaverSettingOf,
  parseDataSaverForm,
} from "./data-saver";

describe("when the data saver is on", () => {
  it.each([
    ["nothing asks for it", null, false, undefined, false],
    ["the request says Save-Data: on", null, true, undefined, true],
    ["the browser's connection says saveData", null, false, { saveData: true, effectiveType: "4g" }, true],
    ["the connection is 2G", null, false, { saveData: false, effectiveType: "2g" }, true],
    ["the connection is slow 2G", null, false, { effectiveType: "slow-2g" }, true],
    ["the connection is 3G", null, false, { effectiveType: "3g" }, false],
    ["the visitor turned it on on a fast connection", "on", false, { effectiveType: "4g" }, true],
    [
      "the visitor turned it off, whatever the browser asks",
      "off",
      true,
      { saveData: true, effectiveType: "2g" },
      false,
    ],
  ] as const)("%s: %s", (_case, setting, saveDataHeader, connection, on) => {
    expect(dataSaverOn({ setting, saveDataHeader, connection })).toBe(on);
  });
});

describe("what the server reads of a request", () => {
  const request = (headers: Record<string, string>) => new Request("http://waterside.test/", { headers });

  it("takes Save-Data: on, in any case, and nothing else, as a request to save", () => {
    expect(asksToSaveData(new Headers({ "Save-Data": "on" }))).toBe(true);
    expect(asksToSaveData(new Headers({ "Save-Data": " On " }))).toBe(true);
    expect(asksToSaveData(new Headers({ "Save-Data": "off" }))).toBe(false);
    expect(asksToSaveData(new Headers())).toBe(false);
  });

  it("reads the visitor's choice among other cookies, and ignores a value it does not know", () => {
    expect(dataSaverSettingOf("a=1; data_saver=on; b=2")).toBe("on");
    expect(dataSaverSettingOf("data_saver=off")).toBe("off");
    expect(dataSaverSettingOf("not_data_saver=on")).toBeNull();
    expect(dataSaverSettingOf("data_saver=maybe")).toBeNull();
    expect(dataSaverSettingOf(null)).toBeNull();
  });

  it("decides by the cookie first, then the header", () => {
    expect(dataSaverRequestOf(request({ "save-data": "on" }))).toEqual({ saveDataHeader: true, on: true });
    expect(dataSaverRequestOf(request({ cookie: "data_saver=on" }))).toEqual({ saveDataHeader: false, on: true });
    expect(dataSaverRequestOf(request({ "save-data": "on", cookie: "data_saver=off" }))).toEqual({
      saveDataHeader: true,
      on: false,
    });
    expect(dataSaverRequestOf(request({}))).toEqual({ saveDataHeader: false, on: false });
  });

  it("keeps the choice a year, for every path, readable by the page", () => {
    expect(dataSaverCookie("on")).toBe("data_saver=on; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(dataSaverCookie("on")).not.toMatch(/HttpOnly/i);
  });
});

describe("the switch's form", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return parseDataSaverForm(data);
  };

  it("goes back to the page it was on", () => {
    expect(form({ setting: "on", back: "/categories/1/2?sort=price" })).toEqual({
      setting: "on",
      back: "/categories/1/2?sort=price",
    });
  });

  it("never sends the visitor to another site", () => {
    expect(form({ setting: "off", back: "//evil.example/" })?.back).toBe("/");
    expect(form({ setting: "off", back: "/\\evil.example/" })?.back).toBe("/");
    expect(form({ setting: "off", back: "https://evil.example/" })?.back).toBe("/");
    expect(form({ setting: "off" })?.back).toBe("/");
  });

  it("refuses a setting that is neither on nor off", () => {
    expect(form({ setting: "auto", back: "/" })).toBeNull();
    expect(form({ back: "/" })).toBeNull();
  });
});
