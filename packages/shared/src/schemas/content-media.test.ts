import { describe, expect, it } from "vitest";
import { extractYouTubeId, isValidImageUrl, isValidYouTubeUrl } from "./content-media.js";

describe("extractYouTubeId", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ?rel=0", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?t=10", "dQw4w9WgXcQ"],
    ["https://m.youtube.com/shorts/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
  ])("finds the 11-character id in %s", (url, id) => {
    expect(extractYouTubeId(url)).toBe(id);
  });

  it.each([
    "",
    "not a url",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQQ",
    "https://vimeo.com/123456789",
    "https://evil.example/embed/dQw4w9WgXcQ",
    "javascript:alert(1)//youtu.be/dQw4w9WgXcQ",
  ])("refuses %s", (url) => {
    expect(extractYouTubeId(url)).toBeNull();
  });
});

describe("banner URL checks", () => {
  it("accepts watch, embed and youtu.be links, and empty", () => {
    expect(isValidYouTubeUrl("")).toBe(true);
    expect(isValidYouTubeUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toBe(true);
    expect(isValidYouTubeUrl("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBe(true);
    expect(isValidYouTubeUrl("https://youtu.be/dQw4w9WgXcQ")).toBe(true);
  });
  it("refuses other links", () => {
    expect(isValidYouTubeUrl("https://www.youtube.com/shorts/dQw4w9WgXcQ")).toBe(false);
    expect(isValidYouTubeUrl("https://vimeo.com/1")).toBe(false);
    expect(isValidYouTubeUrl("youtube")).toBe(false);
  });
  it("image URLs must be http(s) and end in an image extension", () => {
    expect(isValidImageUrl("")).toBe(true);
    expect(isValidImageUrl("https://cdn.example.com/a/b.JPG")).toBe(true);
    expect(isValidImageUrl("http://x.io/pic.webp?w=200")).toBe(true);
    expect(isValidImageUrl("https://x.io/pic.svg")).toBe(false);
    expect(isValidImageUrl("/content/banner.png")).toBe(false);
    expect(isValidImageUrl("ftp://x.io/pic.png")).toBe(false);
  });
});
