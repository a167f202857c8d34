"""The e-mails a worker sent through Django's file back end (EMAIL_FILE_PATH), parsed as a mail client would."""

import email
import email.policy
from pathlib import Path


def sent_mail(mail_dir: Path) -> list:
    """Every message written to `mail_dir`, headers decoded (a French subject reads as typed)."""
    messages = []
    for path in sorted(Path(mail_dir).iterdir()):
        for chunk in path.read_text().split("-" * 79):
            if chunk.strip():
                messages.append(email.message_from_string(chunk.strip(), policy=email.policy.default))
    return messages
