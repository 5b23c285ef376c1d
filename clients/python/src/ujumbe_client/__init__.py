"""ujumbe's API client: `Client` / `AsyncClient`, typed records, typed errors, and a webhook
verifier. See docs/clients/python.md."""

from ujumbe_client import _generated as models
from ujumbe_client._generated import OPERATIONS
from ujumbe_client._transport import NO_RETRIES, RetryPolicy, __version__
from ujumbe_client.client import AsyncClient, Client
from ujumbe_client.errors import (
    APIConnectionError,
    APITimeoutError,
    AuthenticationError,
    ConflictError,
    InsufficientCreditsError,
    NotFoundError,
    PayloadTooLargeError,
    PermissionDeniedError,
    RateLimitedError,
    ServerError,
    ServiceUnavailableError,
    UjumbeError,
    UnprocessableError,
    ValidationError,
)
from ujumbe_client.webhooks import WebhookEvent, WebhookVerificationError, WebhookVerifier, verify_webhook

__all__ = [
    "NO_RETRIES", "OPERATIONS", "APIConnectionError", "APITimeoutError", "AsyncClient", "AuthenticationError",
    "Client", "ConflictError", "InsufficientCreditsError", "NotFoundError", "PayloadTooLargeError",
    "PermissionDeniedError", "RateLimitedError", "RetryPolicy", "ServerError", "ServiceUnavailableError",
    "UjumbeError", "UnprocessableError", "ValidationError", "WebhookEvent", "WebhookVerificationError",
    "WebhookVerifier", "__version__", "models", "verify_webhook",
]
