"""`publish_artifacts` (docs/protocol.md §4.4 and §5.5): the checks, the channel contract, delivery.

For a runtime that delivers artifacts itself (where the credentials are) and sends the kit a
`tool_result` to show: `prepare_artifacts` applies the checks, `deliver_artifacts` runs the
per-item rules and your `deliver` function, and builds the result the model reads.
"""

from __future__ import annotations

import inspect
import json
import math
import re
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Literal, Mapping, Optional, TypedDict, Union, cast

from ._schema import ArtifactsResult, ErrorResult, FilePart, ProviderDelivery
from .jsjson import is_number, js_number
from .language import ResultLanguage, check_result_language, in_result_language
from .rules import to_text

__all__ = [
    "Artifact",
    "PreparedArtifacts",
    "DeliverOutcome",
    "ARTIFACT_ERRORS",
    "DELIVERY_REASONS",
    "prepare_artifacts",
    "deliver_artifacts",
    "artifacts_result",
]

PROVIDERS = ("feishu", "dingtalk", "wecom")
MIB = 1_048_576
FEISHU_IMAGE_LIMIT = 10 * MIB
FEISHU_FILE_LIMIT = 30 * MIB

ARTIFACT_ERRORS = {
    "items_not_json": "items must be a list or valid JSON list.",
    "items_empty": "items must be a non-empty list.",
    "bad_audience": "audience must be one of: auto, feishu, dingtalk, wecom.",
    "channel_not_available": "publish_artifacts is not available for the current messaging channel.",
}

DELIVERY_REASONS = {
    "no_deliver": "delivery_skipped_missing_runtime_target_or_credentials",
    "no_native_upload": "delivery_skipped_native_file_upload_not_available",
    "image_too_large": "upload_image_failed:image_too_large_over_10mb",
    "file_too_large": "upload_file_failed:file_too_large_over_30mb",
    "failed": "delivery_failed",
}

_MIME = {
    "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "bmp": "image/bmp",
    "webp": "image/webp", "svg": "image/svg+xml", "ico": "image/x-icon", "tif": "image/tiff", "tiff": "image/tiff",
    "avif": "image/avif", "heic": "image/heic",
    "pdf": "application/pdf", "txt": "text/plain", "log": "text/plain", "md": "text/markdown",
    "csv": "text/csv", "tsv": "text/tab-separated-values", "json": "application/json", "xml": "application/xml",
    "yaml": "application/yaml", "yml": "application/yaml", "html": "text/html", "htm": "text/html",
    "rtf": "application/rtf", "doc": "application/msword",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "xls": "application/vnd.ms-excel",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "ppt": "application/vnd.ms-powerpoint",
    "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    "odt": "application/vnd.oasis.opendocument.text", "ods": "application/vnd.oasis.opendocument.spreadsheet",
    "odp": "application/vnd.oasis.opendocument.presentation",
    "zip": "application/zip", "gz": "application/gzip", "tgz": "application/gzip", "tar": "application/x-tar",
    "7z": "application/x-7z-compressed", "rar": "application/vnd.rar", "bz2": "application/x-bzip2",
    "xz": "application/x-xz",
    "mp3": "audio/mpeg", "wav": "audio/wav", "ogg": "audio/ogg", "m4a": "audio/mp4", "flac": "audio/flac",
    "aac": "audio/aac", "mp4": "video/mp4", "mov": "video/quicktime", "webm": "video/webm",
    "mkv": "video/x-matroska", "avi": "video/x-msvideo",
}  # fmt: skip
_IMAGE_EXTENSIONS = {"png", "jpg", "jpeg", "gif", "bmp", "webp", "svg"}
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


class DeliverOutcome(TypedDict, total=False):
    """What a `deliver` function answers for one item."""

    delivered: bool
    type: str
    reason: str


@dataclass
class Artifact:
    """One item after the rules: a name, a path and/or a safe URL, a MIME type."""

    name: str
    path: str
    url: str
    mime: str
    subtype: Literal["image", ""]
    size: Optional[Union[int, float]]
    caption: str


@dataclass
class PreparedArtifacts:
    """The checks' outcome: `error` (the sentence the model reads) or a provider and the items."""

    title: str
    items: list[Artifact]
    error: Optional[str] = None
    provider: str = ""
    audience: str = "auto"
    summary: str = ""

    @property
    def ok(self) -> bool:
        return self.error is None


DeliverFunction = Callable[[Artifact, str], Union[DeliverOutcome, Awaitable[DeliverOutcome]]]


@dataclass
class _Delivery:
    state: Literal["delivered", "skipped", "failed"]
    type: str = ""
    reason: str = ""


def _extension(name: str) -> str:
    dot = name.rfind(".")
    return name[dot + 1 :].lower() if dot > 0 else ""


def guess_mime(name: str) -> str:
    return _MIME.get(_extension(name), "application/octet-stream")


def safe_url(value: object) -> str:
    """The URL when its scheme is `https:`, `http:` or `blob:` and it parses, else empty."""
    text = to_text(value)
    cleaned = re.sub(r"[\t\n\r]", "", text)
    if not _SCHEME.match(cleaned):
        return ""
    scheme = cleaned.split(":", 1)[0].lower()
    if scheme == "blob":
        return text
    if scheme not in ("http", "https"):
        return ""
    # As the WHATWG parser reads special schemes: slashes either way, then a non-empty host.
    rest = re.sub(r"^[/\\]*", "", cleaned.split(":", 1)[1])
    authority = re.split(r"[/\\?#]", rest, maxsplit=1)[0]
    host = authority.rsplit("@", 1)[-1]
    host = re.sub(r":\d*$", "", host)
    if not host or re.search(r"[\s<>^|]", host):
        return ""
    return text


def _last_segment(text: str) -> str:
    parts = [p for p in re.split(r"[/\\]", text) if p]
    return parts[-1] if parts else ""


def _name_from_url(url: str) -> str:
    bare = re.split(r"[?#]", url, maxsplit=1)[0]
    return _last_segment(re.sub(r"^[a-z][a-z0-9+.-]*:/*", "", bare, flags=re.IGNORECASE)) or url


def _to_size(value: object) -> Optional[Union[int, float]]:
    size: object = js_number(value) if isinstance(value, str) and value.strip() != "" else value
    if is_number(size) and math.isfinite(cast(float, size)) and cast(float, size) >= 0:
        number = cast(Union[int, float], size)
        return int(number) if isinstance(number, float) and number.is_integer() and number < 2**53 else number
    return None


def to_artifact(raw: Mapping[str, Any]) -> Optional[Artifact]:
    path = to_text(raw.get("path"))
    url = safe_url(raw.get("url"))
    if not path and not url:
        return None
    name = to_text(raw.get("name")) or (_last_segment(path) if path else _name_from_url(url)) or path
    mime = to_text(raw.get("mime")) or guess_mime(name)
    image = (
        to_text(raw.get("subtype")).lower() == "image"
        or mime.lower().startswith("image/")
        or _extension(name) in _IMAGE_EXTENSIONS
    )
    return Artifact(
        name=name,
        path=path,
        url=url,
        mime=mime,
        subtype="image" if image else "",
        size=_to_size(raw.get("size")),
        caption=to_text(raw.get("caption")),
    )


_NOT_JSON = object()


def _parse_items(raw: object) -> object:
    if not isinstance(raw, str):
        return raw
    try:
        return json.loads(raw, parse_constant=lambda name: _NOT_JSON)
    except ValueError:
        return _NOT_JSON


def prepare_artifacts(args: Mapping[str, Any], context: Mapping[str, str]) -> PreparedArtifacts:
    """The checks of docs/protocol.md §4.4, in order; `context` is the resolved context."""
    title = to_text(args.get("title"))
    items = _parse_items(args.get("items"))
    if items is _NOT_JSON:
        return PreparedArtifacts(title, [], ARTIFACT_ERRORS["items_not_json"])
    if not isinstance(items, list) or not items:
        return PreparedArtifacts(title, [], ARTIFACT_ERRORS["items_empty"])
    audience = to_text(args.get("audience")).lower() or "auto"
    if audience != "auto" and audience not in PROVIDERS:
        return PreparedArtifacts(title, [], ARTIFACT_ERRORS["bad_audience"])
    channel = context.get("channel", "desktop")
    if channel not in PROVIDERS:
        listed = [a for a in (to_artifact(i) for i in items if isinstance(i, dict)) if a is not None]
        return PreparedArtifacts(title, listed, ARTIFACT_ERRORS["channel_not_available"])
    artifacts: list[Artifact] = []
    for index, item in enumerate(items):
        if not isinstance(item, dict):
            return PreparedArtifacts(title, [], f"items[{index}] must be an object.")
        artifact = to_artifact(item)
        if artifact is None:
            return PreparedArtifacts(title, [], f"items[{index}] requires path or url.")
        artifacts.append(artifact)
    return PreparedArtifacts(
        title=title,
        items=artifacts,
        provider=channel if audience == "auto" else audience,
        audience=audience,
        summary=to_text(args.get("summary")) or f"Prepared {len(artifacts)} artifact(s) for delivery.",
    )


def _precheck(item: Artifact, provider: str, enabled: bool) -> Optional[_Delivery]:
    if not enabled:
        return _Delivery("skipped", reason=DELIVERY_REASONS["no_deliver"])
    if provider in ("dingtalk", "wecom") and not item.url:
        return _Delivery("skipped", reason=DELIVERY_REASONS["no_native_upload"])
    if provider == "feishu" and item.path and not item.url and item.size is not None:
        image = item.subtype == "image"
        if item.size > (FEISHU_IMAGE_LIMIT if image else FEISHU_FILE_LIMIT):
            return _Delivery("failed", reason=DELIVERY_REASONS["image_too_large" if image else "file_too_large"])
    return None


def _default_type(item: Artifact, provider: str) -> str:
    if provider != "feishu":
        return "link"
    if item.url:
        return "post_link"
    return "image" if item.subtype == "image" else "file"


def _from_outcome(item: Artifact, provider: str, outcome: Optional[Mapping[str, Any]]) -> _Delivery:
    if outcome is not None and outcome.get("delivered") is True:
        return _Delivery("delivered", type=outcome.get("type") or _default_type(item, provider))
    return _Delivery("failed", reason=(outcome or {}).get("reason") or DELIVERY_REASONS["failed"])


async def deliver_artifacts(
    prepared: PreparedArtifacts, deliver: Optional[DeliverFunction] = None, *, result_language: ResultLanguage = "zh"
) -> Union[ArtifactsResult, ErrorResult]:
    """Runs the per-item rules and `deliver` (sync or async), one item after another; builds the result.

    `result_language="en"` writes its `content` in English.
    """
    language = check_result_language(result_language, "deliver_artifacts")
    if prepared.error is not None:
        return {"error": prepared.error}
    deliveries: list[_Delivery] = []
    for item in prepared.items:
        decided = _precheck(item, prepared.provider, deliver is not None)
        if decided is not None or deliver is None:
            deliveries.append(decided or _Delivery("skipped", reason=DELIVERY_REASONS["no_deliver"]))
            continue
        try:
            outcome: Any = deliver(item, prepared.provider)
            if inspect.isawaitable(outcome):
                outcome = await outcome
        except Exception:  # a deliver that raises counts as a failure without a reason
            outcome = None
        deliveries.append(_from_outcome(item, prepared.provider, outcome if isinstance(outcome, Mapping) else None))
    return in_result_language(artifacts_result(prepared, deliveries, deliver is not None), language)


def _file_part(item: Artifact, audience: str, delivery: _Delivery) -> FilePart:
    return {
        "type": "file",
        "subtype": item.subtype,
        "name": item.name,
        "path": item.path,
        "url": item.url,
        "mime": item.mime,
        "size": item.size,
        "caption": item.caption,
        "audience": audience,
        "artifact_source": "publish_artifacts",
        "delivered": delivery.state == "delivered",
        "delivery_reason": "" if delivery.state == "delivered" else delivery.reason,
    }


def artifacts_result(prepared: PreparedArtifacts, deliveries: list[_Delivery], enabled: bool) -> ArtifactsResult:
    """The `publish_artifacts` result of docs/protocol.md §5.5; `deliveries` in item order."""
    missing = _Delivery("failed", reason=DELIVERY_REASONS["failed"])
    rows = [(item, deliveries[i] if i < len(deliveries) else missing) for i, item in enumerate(prepared.items)]
    success: list[dict[str, str]] = []
    failed: list[dict[str, str]] = []
    skipped: list[dict[str, str]] = []
    for item, delivery in rows:
        if delivery.state == "delivered":
            success.append({"name": item.name, "type": delivery.type})
        else:
            (failed if delivery.state == "failed" else skipped).append({"name": item.name, "reason": delivery.reason})
    provider = prepared.provider
    report = cast(
        ProviderDelivery,
        {
            "ok": not failed,
            "enabled": enabled,
            "reason": f"success={len(success)} failed={len(failed)} skipped={len(skipped)}",
            "success": success,
            "failed": failed,
            "skipped": skipped,
        },
    )
    parts: list[Any] = [
        {"type": "tool_event", "tool_name": "publish_artifacts", "status": "completed", "summary": prepared.summary},
        *(_file_part(item, prepared.audience, delivery) for item, delivery in rows),
    ]
    return {
        "source_tool": "publish_artifacts",
        "content": f"已处理 {len(rows)} 个文件输出，{provider} 成功 {len(success)}，失败 {len(failed)}，跳过 {len(skipped)}。",
        "content_parts": parts,
        "delivery_result": {provider: report},
    }
