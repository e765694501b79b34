"""`result_language`: the results' `content` in Chinese (default, as the reference runtime writes
it) or in English. Only `content` changes; an error result's sentence stays as it is.
"""

from __future__ import annotations

from typing import Any, Literal, Optional, TypeVar, cast

from ._schema import ToolResult

__all__ = ["ResultLanguage", "RESULT_LANGUAGES", "in_result_language", "check_result_language"]

ResultLanguage = Literal["zh", "en"]
RESULT_LANGUAGES: tuple[ResultLanguage, ...] = ("zh", "en")

R = TypeVar("R", bound=ToolResult)


def check_result_language(value: object, where: str) -> ResultLanguage:
    """The option as given, or a ValueError naming it."""
    if value is None:
        return "zh"
    if value not in RESULT_LANGUAGES:
        raise ValueError(f"{where}: result_language must be 'zh' or 'en'; got {value!r}")
    return value


def _english(result: Any) -> Optional[str]:
    tool = result.get("source_tool")
    if tool == "publish_artifacts":
        delivery = result.get("delivery_result") or {}
        files = sum(1 for part in result.get("content_parts", []) if part.get("type") == "file")
        for provider, outcome in delivery.items():
            a, b, c = (len(outcome.get(key, [])) for key in ("success", "failed", "skipped"))
            return f"Processed {files} file outputs: {provider} succeeded {a}, failed {b}, skipped {c}."
        return None
    response = result.get("interaction_response")
    if not isinstance(response, dict):
        return None
    status = response.get("status")
    if tool == "request_user_approval":
        return "The user approved the action." if response.get("approved") else f"The user did not approve the action ({status})."
    if tool != "request_user_input":
        return None
    if not response.get("approved"):
        return f"No valid input was received ({status})."
    if result.get("interaction_request", {}).get("kind") == "questionnaire":
        return f"Received the user's input: {len(response.get('answers', {}))} questions answered."
    return f"Received the user's input: {result['content_parts'][0]['summary']}"


def in_result_language(result: R, language: ResultLanguage) -> R:
    """`result` with its `content` in `language` (a copy; the result itself is left as it is)."""
    if language == "zh" or "error" in result:
        return result
    english = _english(result)
    return result if english is None else cast(R, {**result, "content": english})
