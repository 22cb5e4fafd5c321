import { describe, expect, it } from "vitest";
import { wordChunks } from "./word-chunks";

describe("wordChunks (spec §2: long words in 20-character chunks)", () => {
  it("keeps short words and spaces whole", () => {
    expect(wordChunks("Is it still available?\nYes")).toEqual([
      ["Is"],
      [" "],
      ["it"],
      [" "],
      ["still"],
      [" "],
      ["available?"],
      ["\n"],
      ["Yes"],
    ]);
  });

  it("cuts a long word every 20 characters and loses nothing", () => {
    const word = "a".repeat(45);
    expect(wordChunks(`see ${word}`)).toEqual([["see"], [" "], ["a".repeat(20), "a".repeat(20), "a".repeat(5)]]);
    expect(wordChunks(`see ${word}`).flat().join("")).toBe(`see ${word}`);
  });

  it("counts characters, not UTF-16 units", () => {
    const word = "😀".repeat(21);
    expect(wordChunks(word)).toEqual([["😀".repeat(20), "😀"]]);
  });
});
