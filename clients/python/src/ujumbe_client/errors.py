"""Every failure the client raises: one class per HTTP status the API answers with, all under
UjumbeError, each carrying the API's stable `code`, its `message`, the `field` it names (for
validation errors), the `request_id` to quote to support, and the HTTP `status`."""

from __future__ import annotations


class UjumbeError(Exception):
    """An answer the API refused, or no answer at all (then `status` is None)."""

    def __init__(self, code: str, message: str, *, status: int | None = None, field: str | None = None,
                 request_id: str | None = None, retry_after: float | None = None,
                 idempotency_key: str | None = None) -> None:
        super().__init__(f"{code}: {message}" + (f" ({field})" if field else "")
                         + (f" [HTTP {status}, request {request_id}]" if status else ""))
        self.code = code
        self.message = message
        self.status = status
        self.field = field
        self.request_id = request_id
        self.retry_after = retry_after
        # The key a keyed call (a send, a bulk send, a campaign) went out with: calling again
        # with it can never act twice, whatever became of this attempt.
        self.idempotency_key = idempotency_key


class APIConnectionError(UjumbeError):
    """The server could not be reached or did not answer, after the retries."""


class APITimeoutError(APIConnectionError):
    """No answer within the timeout, after the retries."""


class ValidationError(UjumbeError):
    """400: the request is not valid (`field` names what)."""


class AuthenticationError(UjumbeError):
    """401: no credentials, or bad ones."""


class InsufficientCreditsError(UjumbeError):
    """402: the account's balance does not cover the send."""


class PermissionDeniedError(UjumbeError):
    """403: refused for this caller (e.g. an API key on a route that takes a login only)."""


class NotFoundError(UjumbeError):
    """404: no such resource on this account."""


class ConflictError(UjumbeError):
    """409: the resource's state forbids it, or the same idempotency key is still in progress."""


class PayloadTooLargeError(UjumbeError):
    """413: the body is larger than the route takes."""


class UnprocessableError(UjumbeError):
    """422: e.g. an idempotency key reused with another body."""


class RateLimitedError(UjumbeError):
    """429: over the plan's budget; `retry_after` says when to come back."""


class ServerError(UjumbeError):
    """5xx."""


class ServiceUnavailableError(ServerError):
    """503: the service is overloaded or a dependency is down; `retry_after` when it said."""


BY_STATUS: dict[int, type[UjumbeError]] = {
    400: ValidationError, 401: AuthenticationError, 402: InsufficientCreditsError, 403: PermissionDeniedError,
    404: NotFoundError, 409: ConflictError, 413: PayloadTooLargeError, 422: UnprocessableError,
    429: RateLimitedError, 503: ServiceUnavailableError,
}


def error_class(status: int) -> type[UjumbeError]:
    return BY_STATUS.get(status, ServerError if status >= 500 else UjumbeError)
