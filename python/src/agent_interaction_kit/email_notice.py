"""A pending call's notice by email, through your SMTP server: a one-line subject, a text part, and
an HTML part where every model string is escaped and the answer link is the only anchor. The same
parts as the Node runtime's ``sendEmail``.

It sends with the standard library's ``smtplib`` in a worker thread (``aiosmtplib`` would do the
same asynchronously; the package needs nothing more). The sender and the recipients are your
configuration, never the call's arguments.
"""

from __future__ import annotations

import asyncio
import re
import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage

from .notices import NotifyInput, notice_text

__all__ = ["EmailParts", "email_message", "escape_html", "send_email"]


def escape_html(value: str) -> str:
    """Escapes HTML: text, or a double-quoted attribute's value, that no mail client reads as markup."""
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;").replace("'", "&#39;")


@dataclass(frozen=True)
class EmailParts:
    subject: str
    text: str
    html: str


def email_message(notice: NotifyInput) -> EmailParts:
    """The mail's parts: a one-line subject (no CR or LF can start a header of its own), text and HTML."""
    words = notice_text(notice)
    title = words.title or "An agent is waiting for your answer"
    severity = f"Severity: {words.severity}" if words.severity else None
    text = "\n\n".join(part for part in [title, words.message, severity, f"Answer: {notice['link']}"] if part)
    html = "".join(
        [
            "<!doctype html><html><body>",
            f"<h1>{escape_html(title)}</h1>",
            f'<p style="white-space: pre-wrap">{escape_html(words.message)}</p>' if words.message else "",
            f"<p>{escape_html(severity)}</p>" if severity else "",
            f'<p><a href="{escape_html(notice["link"])}">Answer</a></p>',
            "</body></html>",
        ]
    )
    return EmailParts(subject=re.sub(r"[\r\n]+", " ", title), text=text, html=html)


def _send(message: EmailMessage, host: str, port: int, secure: bool, user: str | None, password: str | None, timeout: float) -> None:
    try:
        if secure:
            client: smtplib.SMTP = smtplib.SMTP_SSL(host, port, timeout=timeout, context=ssl.create_default_context())
        else:
            client = smtplib.SMTP(host, port, timeout=timeout)
        with client:
            client.ehlo()
            if not secure and client.has_extn("starttls"):
                client.starttls(context=ssl.create_default_context())
                client.ehlo()
            if user is not None:
                client.login(user, password or "")
            client.send_message(message)
    except (smtplib.SMTPException, OSError) as error:
        raise RuntimeError(f"Email: {error}") from None


async def send_email(
    notice: NotifyInput,
    *,
    host: str,
    port: int,
    sender: str,
    to: str | list[str],
    secure: bool = False,
    user: str | None = None,
    password: str | None = None,
    timeout: float = 10.0,
) -> None:
    """Sends the mail; raises RuntimeError with the SMTP server's error (refused login or recipient, unreachable)."""
    parts = email_message(notice)
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to if isinstance(to, str) else ", ".join(to)
    message["Subject"] = parts.subject
    message.set_content(parts.text)
    message.add_alternative(parts.html, subtype="html")
    await asyncio.to_thread(_send, message, host, port, secure, user, password, timeout)
