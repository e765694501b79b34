"""The wheel's build hook: from a copy of the package without the MCP App's card.html (or the answer
page's script) the build fails and says to run `npm run build` first; with them, the wheel carries them."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

PYTHON = Path(__file__).resolve().parents[1]
CARD = Path("src") / "agent_interaction_kit" / "mcp_app" / "card.html"
SCRIPT = Path("src") / "agent_interaction_kit" / "answer_page.js"
LOCALES = Path("src") / "agent_interaction_kit" / "answer_page_locales"


def copy_package(tmp_path: Path, with_card: bool, with_script: bool = True) -> Path:
    """The package's sources as a clean clone has them, with or without a card.html and an answer_page.js
    (and its languages' modules)."""
    copy = tmp_path / "python"
    ignored = shutil.ignore_patterns("build", "dist", "*.egg-info", "__pycache__", ".venv", "tests", "card.html", "answer_page.js", "answer_page_locales")
    shutil.copytree(PYTHON, copy, ignore=ignored)
    if with_card:
        (copy / CARD).write_text("<!doctype html><title>card</title>", encoding="utf-8")
    if with_script:
        (copy / SCRIPT).write_text("export {};\n", encoding="utf-8")
        (copy / LOCALES).mkdir()
        for tag in ("ja", "ar"):
            (copy / LOCALES / f"{tag}.js").write_text(f"// {tag}\n", encoding="utf-8")
    return copy


def build_wheel(source: Path, out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out), str(source)],
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_without_card_html_the_build_fails_saying_to_run_npm_run_build(tmp_path: Path) -> None:
    source = copy_package(tmp_path, with_card=False)
    result = build_wheel(source, tmp_path / "out")
    assert result.returncode != 0
    said = result.stdout + result.stderr
    assert "card.html is missing" in said
    assert "npm run build" in said
    assert not list((tmp_path / "out").glob("*.whl"))


def test_with_card_html_the_wheel_carries_it(tmp_path: Path) -> None:
    source = copy_package(tmp_path, with_card=True)
    result = build_wheel(source, tmp_path / "out")
    assert result.returncode == 0, result.stderr
    [wheel] = list((tmp_path / "out").glob("*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        assert "agent_interaction_kit/mcp_app/card.html" in archive.namelist()
        assert archive.read("agent_interaction_kit/mcp_app/card.html").startswith(b"<!doctype html>")
        assert archive.read("agent_interaction_kit/answer_page.js") == b"export {};\n"
        assert archive.read("agent_interaction_kit/answer_page_locales/ar.js") == b"// ar\n"
        assert "agent_interaction_kit/answer_page.json" in archive.namelist()


def test_without_the_answer_pages_script_the_build_fails_saying_to_run_npm_run_build(tmp_path: Path) -> None:
    source = copy_package(tmp_path, with_card=True, with_script=False)
    result = build_wheel(source, tmp_path / "out")
    assert result.returncode != 0
    said = result.stdout + result.stderr
    assert "answer_page.js is missing" in said and "npm run build" in said
    assert not list((tmp_path / "out").glob("*.whl"))


def test_without_the_answer_pages_languages_the_build_fails_saying_to_run_npm_run_build(tmp_path: Path) -> None:
    source = copy_package(tmp_path, with_card=True)
    shutil.rmtree(source / LOCALES)
    result = build_wheel(source, tmp_path / "out")
    assert result.returncode != 0
    said = result.stdout + result.stderr
    assert "ja.js is missing" in said and "npm run build" in said
    assert not list((tmp_path / "out").glob("*.whl"))
