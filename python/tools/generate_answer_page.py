"""Writes the Python package's copy of the answer page's words and style (answer_page.json) from the
Node runtime's template, src/agent/links/answer-page-html.ts, so that both runtimes serve the same
pages; python/tests/test_answer_page_html.py checks the copy against the template's own output.

    python python/tools/generate_answer_page.py [path/to/answer-page-html.ts]
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
TARGET = REPO / "python" / "src" / "agent_interaction_kit" / "answer_page.json"

# Evaluates the template's STRINGS literal and imports PAGE_CSS and the locale lists, then prints them as JSON.
SCRIPT = r"""
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const file = process.argv[1];
const text = readFileSync(file, 'utf8');
const literal = text.slice(text.indexOf('{', text.indexOf('const STRINGS')), text.indexOf('\n};', text.indexOf('const STRINGS')) + 2);
const strings = new Function(`return ${literal}`)();
const { PAGE_CSS, PAGE_LOCALES, SCRIPT_LOCALES } = await import(pathToFileURL(file).href);
process.stdout.write(JSON.stringify({ locales: PAGE_LOCALES, scriptLocales: SCRIPT_LOCALES, strings, css: PAGE_CSS }, null, 1));
"""


def main() -> None:
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "src" / "agent" / "links" / "answer-page-html.ts"
    run = subprocess.run(["node", "--import", "tsx", "--input-type=module", "-e", SCRIPT, str(source.resolve())], cwd=REPO, capture_output=True, text=True, check=True)
    data = json.loads(run.stdout)
    TARGET.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", "utf-8")
    print(f"wrote {TARGET.relative_to(REPO)}")


if __name__ == "__main__":
    main()
