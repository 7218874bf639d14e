import { describe, expect, it } from "vitest";
import { htmlToText, sanitizeHtml } from "~/.server/sanitize-html";

describe("sanitizeHtml", () => {
  it("keeps the simple formatting tags of a product description", () => {
    const html =
      "<p>Whole-muscle turkey breast, <strong>slow</strong> roasted.</p><ul><li>Sliced to order</li><li><em>Gluten</em> free</li></ul><ol><li><b>a</b><i>b</i><br/>c</li></ol>";
    expect(sanitizeHtml(html)).toBe(
      "<p>Whole-muscle turkey breast, <strong>slow</strong> roasted.</p><ul><li>Sliced to order</li><li><em>Gluten</em> free</li></ul><ol><li><b>a</b><i>b</i><br />c</li></ol>",
    );
  });

  it("escapes a bare ampersand and keeps entities meaning the same", () => {
    expect(sanitizeHtml("<li>Cookie & Brownie Platter</li>")).toBe(
      "<li>Cookie &amp; Brownie Platter</li>",
    );
    expect(sanitizeHtml("<p>Fish &amp; chips &lt;3 &#8212; &hellip;</p>")).toBe(
      "<p>Fish &amp; chips &lt;3 \u2014 \u2026</p>",
    );
    expect(sanitizeHtml("&unknown; &#0; &#x110000;")).toBe("&amp;unknown; \ufffd \ufffd");
  });

  it("drops every attribute", () => {
    expect(sanitizeHtml('<p class="x" onclick="alert(1)" style="color:red">Hi</p>')).toBe(
      "<p>Hi</p>",
    );
    expect(sanitizeHtml('<strong title="a>b">x</strong>')).toBe("<strong>x</strong>");
  });

  it("removes scripts, styles and other dangerous elements with their content", () => {
    expect(sanitizeHtml("<p>a</p><script>alert(1)</script><style>p{}</style><p>b</p>")).toBe(
      "<p>a</p><p>b</p>",
    );
    expect(sanitizeHtml("<iframe src=//evil></iframe>ok")).toBe("ok");
    expect(sanitizeHtml("<svg><script>alert(1)</script></svg>ok")).toBe("ok");
    expect(sanitizeHtml("<SCRIPT >alert(1)</SCRIPT >after")).toBe("after");
    expect(sanitizeHtml("<script>never closed")).toBe("");
  });

  it("unwraps other tags, keeping their text (and links lose their href)", () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">click</a>')).toBe("click");
    expect(sanitizeHtml('<img src=x onerror="alert(1)">')).toBe("");
    expect(sanitizeHtml("<div>one</div><div>two</div>")).toBe("one two");
    expect(sanitizeHtml("<span>keep</span>")).toBe("keep");
  });

  it("drops comments, doctypes and CDATA", () => {
    expect(sanitizeHtml("<!-- <script>x</script> -->a<!DOCTYPE html><![CDATA[b]]>c<?xml x?>")).toBe(
      "ac",
    );
    expect(sanitizeHtml("a<!-- never closed <b>")).toBe("a");
  });

  it("reads a '<' that starts no tag as text", () => {
    expect(sanitizeHtml("1 < 2 and 3 <> 4")).toBe("1 &lt; 2 and 3 &lt;&gt; 4");
    expect(sanitizeHtml("<<script>alert(1)</script>p>")).toBe("&lt;p&gt;");
    // A browser reads this as a tag with a junk attribute: the tag and the attribute go.
    expect(sanitizeHtml('<p"onmouseover=alert(1)>x')).toBe("x");
  });

  it("balances tags: closes what is left open, ignores stray end tags", () => {
    expect(sanitizeHtml("<p><strong>bold")).toBe("<p><strong>bold</strong></p>");
    expect(sanitizeHtml("</li></ul>text</p>")).toBe("text");
    expect(sanitizeHtml("<ul><li>a<li>b</ul>")).toBe("<ul><li>a</li><li>b</li></ul>");
    expect(sanitizeHtml("<p><em>x</p>y")).toBe("<p><em>x</em></p>y");
  });

  it("answers empty input with an empty string", () => {
    expect(sanitizeHtml(null)).toBe("");
    expect(sanitizeHtml(undefined)).toBe("");
    expect(sanitizeHtml("")).toBe("");
  });

  it("drops unterminated and endlessly repeated tags without leaving markup", () => {
    expect(sanitizeHtml(`<p${" ".repeat(50_000)}`)).not.toContain("<");
    expect(sanitizeHtml("<a ".repeat(20_000))).not.toContain("<");
    expect(sanitizeHtml(`ok<p${" onclick=x".repeat(5_000)}>`)).toBe("ok");
  });

  it("keeps the content of hidden elements out", () => {
    expect(sanitizeHtml("<noscript><p>z</p></noscript>w")).toBe("w");
    expect(sanitizeHtml("<select><option>x</option></select>y")).toBe("y");
  });
});

describe("htmlToText", () => {
  it("keeps the words, decodes references and drops code", () => {
    expect(htmlToText("<b>Mac</b> &amp; Cheese<br>1 &lt; 2<script>x</script>")).toBe(
      "Mac & Cheese 1 < 2",
    );
    expect(htmlToText("<div>one</div><div>two</div>")).toBe("one two");
  });
});
