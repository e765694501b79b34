"""Writes agent_interaction_kit/_fleet_scripts.py from the Node runtime's Redis scripts.

A Python instance joins the same fleet as Node instances (docs/protocol.md §10), so it runs the
very same Lua: the scripts are read from src/agent/redis/scripts.ts (through Node and tsx) and
embedded, never written by hand.

    python python/tools/generate_fleet_scripts.py            # writes the module
    python python/tools/generate_fleet_scripts.py --check    # exits 1 when the committed module is stale
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
TARGET = HERE.parent / "src" / "agent_interaction_kit" / "_fleet_scripts.py"
NAMES = ("ASK", "ABOUT", "GRANT", "SETTLE", "FORWARD", "WITHDRAW", "REVOKE", "REFUSE", "INBOX", "PENDING", "CLAIM", "RECLAIM", "RELEASE")
PRINT = "import * as s from './src/agent/redis/scripts.ts'; console.log(JSON.stringify({ ...s, keys: undefined }))"


def read_scripts() -> dict[str, object]:
    done = subprocess.run(["node", "--import", "tsx", "--input-type=module", "-e", PRINT], cwd=REPO, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def render(scripts: dict[str, object]) -> str:
    lines = [
        '"""The fleet\'s Redis layout and its Lua scripts, generated from src/agent/redis/scripts.ts by',
        "python/tools/generate_fleet_scripts.py: the same scripts a Node instance runs (docs/protocol.md §10).",
        "",
        "Do not edit: run the generator (a test fails when this module is stale).",
        '"""',
        "",
        f"PREFIX = {json.dumps(scripts['PREFIX'])}",
        f"DAY_MS = {scripts['DAY_MS']}",
        f"AUDIT_STREAM = {json.dumps(scripts['AUDIT_STREAM'])}",
    ]
    for name in NAMES:
        lines += ["", f"{name} = {json.dumps(scripts[name], ensure_ascii=False)}"]
    return "\n".join(lines) + "\n"


def main() -> None:
    text = render(read_scripts())
    if "--check" in sys.argv:
        if TARGET.read_text("utf-8") != text:
            print(f"{TARGET.name} is stale: run python python/tools/generate_fleet_scripts.py", file=sys.stderr)
            sys.exit(1)
        return
    TARGET.write_text(text, "utf-8")
    print(f"wrote {TARGET}")


if __name__ == "__main__":
    main()
