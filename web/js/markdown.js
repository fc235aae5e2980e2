// A small Markdown reader for the rules pages (headings, paragraphs, lists,
// tables, code, emphasis, links, images) — enough for docs/rules/*.md.

const esc = (t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function inline(t, base) {
  const codes = [];
  t = t.replace(/`([^`]+)`/g, (_, c) => { codes.push(c); return `\u0000${codes.length - 1}\u0000`; });
  t = esc(t);
  t = t.replace(/!\[([^\]]*)\]\(([^)\s]+)\)/g, (_, alt, src) =>
    `<img alt="${alt}" src="${/^(\/|https?:)/.test(src) ? src : base + src}">`);
  t = t.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, txt, href) => {
    const m = /^([a-z]+)\.md(#.*)?$/.exec(href);
    return `<a href="${m ? `/rules/${m[1]}${m[2] || ''}` : href}"${m ? ' data-link' : ''}>${txt}</a>`;
  });
  t = t.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
  t = t.replace(/(^|[^*\w])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>');
  t = t.replace(/\u0000(\d+)\u0000/g, (_, i) => `<code>${esc(codes[Number(i)])}</code>`);
  return t;
}

/** Markdown text → HTML; relative image paths are taken from `base`. */
export function markdown(src, base) {
  const lines = src.replace(/\r/g, '').split('\n');
  const out = [];
  let para = [];
  const stack = []; // open lists: {indent, tag}
  const flush = () => { if (para.length) { out.push(`<p>${inline(para.join(' '), base)}</p>`); para = []; } };
  const closeLists = (indent) => {
    while (stack.length && stack[stack.length - 1].indent >= indent) out.push(`</li></${stack.pop().tag}>`);
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    // Code and tables may sit indented inside a list item.
    const inItem = stack.length && /^\s+/.test(line);
    if (/^\s*```/.test(line)) {
      flush(); if (!inItem) closeLists(0);
      const pad = /^\s*/.exec(line)[0].length;
      const code = [];
      for (i++; i < lines.length && !/^\s*```/.test(lines[i]); i++) code.push(lines[i].slice(Math.min(pad, /^\s*/.exec(lines[i])[0].length)));
      out.push(`<pre><code>${esc(code.join('\n'))}</code></pre>`);
      continue;
    }
    const hm = /^(#{1,4})\s+(.*)$/.exec(line);
    if (hm) { flush(); closeLists(0); out.push(`<h${hm[1].length}>${inline(hm[2], base)}</h${hm[1].length}>`); continue; }
    if (/^\s*\|/.test(line)) {
      flush(); if (!inItem) closeLists(0);
      const rows = [];
      for (; i < lines.length && /^\s*\|/.test(lines[i]); i++) rows.push(lines[i].trim());
      i--;
      const cells = (r) => r.replace(/^\||\|$/g, '').split('|').map((c) => c.trim());
      const body = rows.filter((r) => !/^\|[\s:|-]+\|$/.test(r));
      out.push('<table>');
      body.forEach((r, k) => {
        const tag = k === 0 ? 'th' : 'td';
        out.push(`<tr>${cells(r).map((c) => `<${tag}>${inline(c, base)}</${tag}>`).join('')}</tr>`);
      });
      out.push('</table>');
      continue;
    }
    const lm = /^(\s*)([-*]|\d+\.)\s+(.*)$/.exec(line);
    if (lm) {
      flush();
      const indent = lm[1].length;
      const tag = /\d/.test(lm[2]) ? 'ol' : 'ul';
      const top = stack[stack.length - 1];
      if (!top || indent > top.indent) { stack.push({ indent, tag }); out.push(`<${tag}><li>`); }
      else {
        closeLists(indent + 1);
        out.push('</li><li>');
      }
      out.push(inline(lm[3], base));
      continue;
    }
    if (/^\s*$/.test(line)) {
      flush();
      // A list continues over a blank line when the next line is indented.
      if (stack.length && !(i + 1 < lines.length && /^\s+\S/.test(lines[i + 1]))) closeLists(0);
      continue;
    }
    if (stack.length && /^\s+\S/.test(line)) {
      const t = line.trim();
      out.push(/^!\[/.test(t) ? `<br>${inline(t, base)}` : ` ${inline(t, base)}`);
      continue;
    }
    closeLists(0);
    para.push(line.trim());
  }
  flush(); closeLists(0);
  return out.join('\n');
}
