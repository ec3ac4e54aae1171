/**
 * Stored-XSS payloads for the content pages (issue 11): saved through every rich-text and plain-text
 * field, they must leave nothing that runs. Shared by the API test (apps/api/src/modules/cms/cms.test.ts
 * parses what is stored and served) and the browser test (apps/web/e2e/cms-xss.e2e.ts loads the public
 * pages in Chromium, with `window.__xss` defined as a sentinel that records any call).
 *
 * Each payload calls the sentinel with its own number, so a failure names the payload that ran.
 */
const RLO = '\u202E';
const LRO = '\u202D';
const RLI = '\u2067';
const PDI = '\u2069';

const base = (n: number): string[] => {
  const x = `__xss(${n})`;
  return [
    `<script>${x}</script>`,
    `<SCRIPT SRC=data:text/javascript,${x}></SCRIPT>`,
    `<script/src="data:,${x}"></script>`,
    `<img src=x onerror=${x}>`,
    `<IMG SRC="javascript:${x}">`,
    `<img src="x" onerror="&#95;&#95;xss(${n})">`,
    `<img src=x:x onerror=window['__xss'](${n})>`,
    `<svg onload=${x}>`,
    `<svg><script>${x}</script></svg>`,
    `<svg><a xlink:href="javascript:${x}"><text x="20" y="20">click</text></a></svg>`,
    `<svg><animate onbegin=${x} attributeName=x dur=1s>`,
    `<svg><set attributeName="onmouseover" to="${x}"/></svg>`,
    `<math><mtext><table><mglyph><style><img src=x onerror=${x}>`,
    `<body onload=${x}>`,
    `<iframe src="javascript:${x}"></iframe>`,
    `<iframe srcdoc="<script>parent.${x}</script>"></iframe>`,
    `<iframe srcdoc="&lt;img src=x onerror=parent.${x}&gt;"></iframe>`,
    `<object data="javascript:${x}"></object>`,
    `<object data="data:text/html;base64,${Buffer.from(`<script>parent.${x}</script>`).toString('base64')}"></object>`,
    `<embed src="javascript:${x}">`,
    `<embed src="data:text/html,<script>parent.${x}</script>">`,
    `<form action="javascript:${x}"><button>send</button></form>`,
    `<form><button formaction="javascript:${x}">go</button></form>`,
    `<input autofocus onfocus=${x}>`,
    `<select autofocus onfocus=${x}>`,
    `<textarea autofocus onfocus=${x}>`,
    `<keygen autofocus onfocus=${x}>`,
    `<details open ontoggle=${x}>`,
    `<video><source onerror="${x}">`,
    `<audio src=x onerror=${x}>`,
    `<marquee onstart=${x}>`,
    `<meta http-equiv="refresh" content="0;url=javascript:${x}">`,
    `<meta http-equiv="refresh" content="0; url=data:text/html,<script>${x}</script>">`,
    `<link rel=stylesheet href="javascript:${x}">`,
    `<base href="javascript:${x}//">`,
    `<style>@import 'javascript:${x}';</style>`,
    `<style>*{background:url("javascript:${x}")}</style>`,
    `<div style="background-image:url(javascript:${x})">x</div>`,
    `<div style="width: expression(${x});">x</div>`,
    `<p style="x:expr/**/ession(${x})">x</p>`,
    `<a href="javascript:${x}">click</a>`,
    `<a href="JaVaScRiPt:${x}">click</a>`,
    `<a href=" javascript:${x}">click</a>`,
    `<a href="java\tscript:${x}">click</a>`,
    `<a href="java&#x09;script:${x}">click</a>`,
    `<a href="jav&#x0A;ascript:${x}">click</a>`,
    `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${x}">click</a>`,
    `<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;${x}">click</a>`,
    `<a href="javascript&colon;${x}">click</a>`,
    `<a href="vbscript:${x}">click</a>`,
    `<a href="data:text/html,<script>${x}</script>">click</a>`,
    `<a href="data:text/html;base64,${Buffer.from(`<script>${x}</script>`).toString('base64')}">click</a>`,
    `<a href="#" onclick="${x}">click</a>`,
    `<a href="https://example.com" onmouseover="${x}">hover</a>`,
    `<a href="https://example.com/${RLO}gpj.exe">${RLO}gpj.exe</a>`,
    `<a href="javascript:${x}">${RLO}moc.elpmaxe//:sptth</a>`,
    `<a href="${RLO}:tpircsavaj${x}">link</a>`,
    `${LRO}<a href="javascript:${x}">${RLI}safe${PDI}</a>`,
    `<a href="https://evil.example${RLO}lmth.gnp">safe-looking ${RLO}gnp.lmth</a>`,
    `<a href="//evil.example/%0a${x}">protocol-relative</a>`,
    `<a href="mailto:a@b.c" onfocus="${x}" autofocus>mail</a>`,
    `<a href="https://example.com" target="_self" rel="opener" id="x" name="y" ping="https://evil.example">t</a>`,
    `<a href=javascript:${x}//https://example.com>x</a>`,
    `<p onclick="${x}" onmouseover="${x}" tabindex="1" autofocus onfocus="${x}">p</p>`,
    `<span dir="rtl" onmouseenter="${x}">span</span>`,
    `<h2 id="__proto__" class="x" onpointerover="${x}">h</h2>`,
    `<blockquote cite="javascript:${x}">q</blockquote>`,
    `<b>bold<script>${x}</script></b>`,
    `<scr<script>ipt>${x}</scr</script>ipt>`,
    `<<script>script>${x}<</script>/script>`,
    `<script>${x}<!--</script>-->`,
    `<!--<script>${x}</script>-->`,
    `<!--><img src=x onerror=${x}>-->`,
    `<![CDATA[<img src=x onerror=${x}>]]>`,
    `<?xml version="1.0"?><img src=x onerror=${x}>`,
    `<p><svg><p><style><img src=x onerror=${x}></style></p></svg></p>`,
    `<noscript><p title="</noscript><img src=x onerror=${x}>"></noscript>`,
    `<title><img src=x onerror=${x}></title>`,
    `<textarea></textarea><img src=x onerror=${x}>`,
    `<xmp><img src=x onerror=${x}></xmp>`,
    `<template><img src=x onerror=${x}></template>`,
    `<table><td background="javascript:${x}">t</td></table>`,
    `<img src="x" alt="x"onerror="${x}">`,
    `<img/src/onerror=${x}>`,
    `<img src=x onerror\x00=${x}>`,
    `<img src=\`x\`onerror=${x}>`,
    `<img """><script>${x}</script>">`,
    `<img src="javascript:${x}" lowsrc="javascript:${x}">`,
    `<image src=x onerror=${x}>`,
    `<isindex action="javascript:${x}" type=image>`,
    `<frameset onload=${x}>`,
    `<applet code="javascript:${x}"></applet>`,
    `<portal src="javascript:${x}"></portal>`,
    `<dialog open onclose=${x}>d</dialog>`,
    `<custom-element onclick=${x}>c</custom-element>`,
    `<a href="javascript:void(0)" data-x="${x}">data attribute</a>`,
    `&lt;script&gt;${x}&lt;/script&gt;`,
    `&lt;img src=x onerror=${x}&gt;`,
    `&amp;lt;img src=x onerror=${x}&amp;gt;`,
    `&#60;img src=x onerror=${x}&#62;`,
    `&#x3C;svg onload=${x}&#x3E;`,
    `\\u003cimg src=x onerror=${x}\\u003e`,
    `%3Cscript%3E${x}%3C%2Fscript%3E`,
    `"><script>${x}</script>`,
    `'><img src=x onerror=${x}>`,
    `</p></div><script>${x}</script>`,
    `</textarea><script>${x}</script>`,
    `</title><script>${x}</script>`,
    `</style><script>${x}</script>`,
    `{{constructor.constructor('${x}')()}}`,
    `\${${x}}`,
    `<div dangerouslySetInnerHTML="{__html:'<img src=x onerror=${x}>'}"></div>`,
    `<a href="https://example.com"><img src=x onerror=${x}></a>`,
    `<ul><li onclick=${x}>li</li></ul>`,
    `<code><script>${x}</script></code>`,
    `<pre><img src=x onerror=${x}></pre>`,
  ];
};

/** The payloads, each calling the sentinel with its own index. */
export const XSS_PAYLOADS: readonly string[] = base(0).map((_, i) => base(i)[i]!);

/** Elements that may run script, load a document or a resource, or change where the page goes. */
export const DANGEROUS_TAGS = new Set([
  'script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'form', 'input', 'button', 'select', 'textarea', 'keygen',
  'meta', 'link', 'base', 'style', 'svg', 'math', 'img', 'image', 'video', 'audio', 'source', 'track', 'details', 'dialog', 'marquee',
  'template', 'portal', 'noscript', 'xmp', 'title', 'body', 'html', 'head', 'isindex', 'table', 'td',
]);

/** What the stored rich text may hold (lib/sanitize.ts sanitizeRichText): anything else fails the test. */
export const ALLOWED_RICH_TAGS = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'a', 'code', 'pre', 'span']);
export const ALLOWED_RICH_ATTRIBUTES: Record<string, readonly string[]> = { a: ['href', 'title', 'target', 'rel', 'dir', 'lang'], '*': ['dir', 'lang'] };

/** A link the stored text may keep: http(s), mailto, or a path/fragment of this site. */
export function isSafeHref(href: string): boolean {
  if ([...href].some((c) => c < ' ' || c === '\u007f' || /[\u202a-\u202e\u2066-\u2069]/.test(c))) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href.trim());
  return scheme ? ['http', 'https', 'mailto'].includes(scheme[1]!.toLowerCase()) : true;
}
