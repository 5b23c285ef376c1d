"""Emails to an account's owner with a one-time link: making the token, writing the email.

Only the worker makes a token (a job carries an email address or an account id, never a token):
the token exists in the worker's memory and in the email, and is kept as its hash alone. A job
run again makes a new token; one that never reached its reader just expires.

An email is in the language its account's owner chose (on the dashboard); an account that never
chose gets both, Swahili first.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from application.ports import AccountToken, Clock, Email, IdGenerator, JobQueue, Secrets, UnitOfWork
from domain.account_tokens import TOKEN_LIFETIMES, TokenPurpose, token_link
from domain.accounts import LANGUAGES, Account

SEND_PASSWORD_RESET = "send_password_reset"  # job payload: {"email"}
SEND_EMAIL_VERIFICATION = "send_email_verification"  # job payload: {"account_id"}


async def queue_verification_email(jobs: JobQueue, account_id: str) -> None:
    """The job that emails the account a verification link; one waits per account at a time, so
    asking again while it waits queues nothing more."""
    await jobs.defer(SEND_EMAIL_VERIFICATION, {"account_id": account_id},
                     queueing_lock=f"{SEND_EMAIL_VERIFICATION}:{account_id}")


@dataclass(frozen=True, slots=True)
class _Words:
    subject: str
    lead: str  # before the link; `{email}` is the account's address
    after: str  # after the link


_WORDS: dict[TokenPurpose, dict[str, _Words]] = {
    TokenPurpose.RESET_PASSWORD: {
        "sw": _Words("Badilisha nenosiri lako la ujumbe",
                     "Mtu ameomba kubadilisha nenosiri la akaunti ya ujumbe ya {email}. Fungua kiungo hiki ndani ya"
                     " dakika 30 ili kuchagua nenosiri jipya:",
                     "Kama si wewe, puuza barua pepe hii: nenosiri lako linabaki kama lilivyo."),
        "en": _Words("Reset your ujumbe password",
                     "Someone asked to reset the password of the ujumbe account of {email}. Open this link within"
                     " 30 minutes to choose a new password:",
                     "If it was not you, ignore this email: your password stays as it is."),
    },
    TokenPurpose.VERIFY_EMAIL: {
        "sw": _Words("Thibitisha barua pepe yako ya ujumbe",
                     "Karibu ujumbe. Thibitisha kwamba {email} ni barua pepe yako kwa kufungua kiungo hiki ndani ya"
                     " siku 2:",
                     "Kama hukufungua akaunti ya ujumbe, puuza barua pepe hii."),
        "en": _Words("Confirm your email for ujumbe",
                     "Welcome to ujumbe. Confirm that {email} is your email address by opening this link within"
                     " 2 days:",
                     "If you did not open an ujumbe account, ignore this email."),
    },
}


def link_email(purpose: TokenPurpose, to: str, link: str, language: str | None = None) -> Email:
    """The email that carries `link`, in `language`, or in every language when it is None."""
    chosen = [_WORDS[purpose][language]] if language in LANGUAGES else [_WORDS[purpose][lang] for lang in LANGUAGES]
    text = "\n\n---\n\n".join(f"{w.lead.format(email=to)}\n\n{link}\n\n{w.after}" for w in chosen)
    html = "<hr>".join(
        f"<p>{escape(w.lead.format(email=to))}</p><p><a href=\"{escape(link)}\">{escape(link)}</a></p>"
        f"<p>{escape(w.after)}</p>" for w in chosen)
    return Email(to=to, subject=" / ".join(w.subject for w in chosen), text=text, html=html)


class LinkTokens:
    """Makes a token for an account inside the caller's unit of work, and the email carrying it."""

    def __init__(self, clock: Clock, ids: IdGenerator, secrets: Secrets, public_url: str) -> None:
        self._clock, self._ids, self._secrets, self._public_url = clock, ids, secrets, public_url

    async def email(self, uow: UnitOfWork, account: Account, purpose: TokenPurpose) -> Email:
        now, token = self._clock.now(), self._secrets.link_token()
        await uow.account_tokens.add(AccountToken(
            account_id=account.id, id=self._ids.new_id(), purpose=purpose, token_hash=self._secrets.digest(token),
            email=account.email, created_at=now, expires_at=now + TOKEN_LIFETIMES[purpose]))
        return link_email(purpose, account.email, token_link(self._public_url, purpose, token), account.language)

    async def take(self, uow: UnitOfWork, purpose: TokenPurpose, token: str) -> AccountToken | None:
        """The token's record, spent; None when it is unknown, used or expired."""
        return await uow.account_tokens.take(purpose, self._secrets.digest(token), self._clock.now())
