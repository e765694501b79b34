// An esbuild plugin that minifies what esbuild leaves alone inside Lit's templates (it minifies
// the JavaScript around them, not template text):
// - css`…`: whitespace and comments; values and selectors are kept as written;
// - html`…` and svg`…`: each run of whitespace that holds a line break (the source's
//   indentation) becomes one space. HTML renders any whitespace run as one space, so what the
//   user sees and hears is the same, with fewer and shorter text nodes to create and lay out.
//   The template's static parts are found with the TypeScript parser, never inside `${…}`.
import { readFile } from 'node:fs/promises';
import ts from 'typescript';

export function minifyCss(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}')
    .trim();
}

/** The source with every static part of html`` / svg`` templates' indentation collapsed. */
export function minifyHtmlTemplates(source, fileName = 'file.ts') {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edits = [];
  const visit = (node) => {
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && (node.tag.text === 'html' || node.tag.text === 'svg')) {
      const template = node.template;
      const parts = ts.isNoSubstitutionTemplateLiteral(template) ? [template] : [template.head, ...template.templateSpans.map((span) => span.literal)];
      for (const part of parts) {
        // The raw text between the delimiters: after ` or }, before ` or ${.
        const start = part.getStart(file) + 1;
        const end = part.getEnd() - (part.kind === ts.SyntaxKind.TemplateHead || part.kind === ts.SyntaxKind.TemplateMiddle ? 2 : 1);
        const raw = source.slice(start, end);
        const minified = raw.replace(/[ \t]*\n\s*/g, ' ');
        if (minified !== raw) edits.push([start, end, minified]);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = source;
  for (const [start, end, text] of edits.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + text + out.slice(end);
  return out;
}

export const minifyLitCss = {
  name: 'minify-lit-templates',
  setup(build) {
    build.onLoad({ filter: /src[\\/].*\.ts$/ }, async (args) => {
      let source = await readFile(args.path, 'utf8');
      const hasCss = source.includes('css`');
      const hasHtml = source.includes('html`') || source.includes('svg`');
      if (!hasCss && !hasHtml) return undefined;
      if (hasHtml) source = minifyHtmlTemplates(source, args.path);
      if (hasCss) source = source.replace(/css`([^`]*)`/g, (_, body) => `css\`${minifyCss(body)}\``);
      return { contents: source, loader: 'ts' };
    });
  },
};
