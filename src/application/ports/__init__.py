"""Every port the application needs from outside, and the records they carry.

One module per concern; import from here. A record that is a domain rule's own (a `Message`,
a webhook `DeliveryStatus`) lives in `domain` and is re-exported here beside its repository.
"""

from application.ports.accounts import (
    Account,
    AccountRepository,
    ApiKey,
    ApiKeyOwner,
    ApiKeyRepository,
    PhoneOtp,
    PhoneOtpRepository,
    RefreshToken,
    RefreshTokenRepository,
)
from application.ports.campaigns import Campaign, CampaignRepository
from application.ports.credits import LedgerPage, LedgerRepository
from application.ports.deliveries import DeliveryReport, DeliveryReportRepository, UnmatchedReport
from application.ports.gateway import (
    BatchSmsGateway,
    GatewayListener,
    OutboundSms,
    SmsGateway,
    SubmitOutcomeUnknown,
    SubmitResult,
    TransientGatewayError,
)
from application.ports.idempotency import Claim, IdempotencyKeys, IdempotencyRecord
from application.ports.inbound import InboundMessage, InboundRepository, InboundSms, OptOutRepository
from application.ports.message_logs import MessageLogEntry, MessageLogFilter, MessageLogs
from application.ports.messages import MessageRepository, SenderId, SenderIdRepository
from application.ports.notifications import Notification, NotificationKind, NotificationRepository
from application.ports.outbox import EventOutbox, OutboxEvent
from application.ports.payments import CURRENCY, PaymentOrder, PaymentOrderRepository
from application.ports.reference import CountryRate, CountryRates
from application.ports.security import AccessTokens, PasswordHasher, RateLimiter, RateLimitState, Secrets
from application.ports.system import Clock, IdGenerator, JobQueue
from application.ports.uow import UnitOfWork, UnitOfWorkFactory
from application.ports.webhooks import (
    DeliveryHistory,
    WebhookAttempt,
    WebhookDelivery,
    WebhookEndpoint,
    WebhookRepository,
    WebhookResponse,
    WebhookSender,
)
from domain.messages import Message, SubmitOutcome
from domain.webhook_deliveries import DeliveryStatus

__all__ = [
    "AccessTokens",
    "Account",
    "AccountRepository",
    "ApiKey",
    "ApiKeyOwner",
    "ApiKeyRepository",
    "BatchSmsGateway",
    "CURRENCY",
    "Campaign",
    "CampaignRepository",
    "Claim",
    "Clock",
    "CountryRate",
    "CountryRates",
    "DeliveryHistory",
    "DeliveryReport",
    "DeliveryReportRepository",
    "DeliveryStatus",
    "EventOutbox",
    "GatewayListener",
    "IdGenerator",
    "IdempotencyKeys",
    "IdempotencyRecord",
    "InboundMessage",
    "InboundRepository",
    "InboundSms",
    "JobQueue",
    "LedgerPage",
    "LedgerRepository",
    "Message",
    "MessageLogEntry",
    "MessageLogFilter",
    "MessageLogs",
    "MessageRepository",
    "Notification",
    "NotificationKind",
    "NotificationRepository",
    "OptOutRepository",
    "OutboundSms",
    "OutboxEvent",
    "PasswordHasher",
    "PaymentOrder",
    "PaymentOrderRepository",
    "PhoneOtp",
    "PhoneOtpRepository",
    "RateLimitState",
    "RateLimiter",
    "RefreshToken",
    "RefreshTokenRepository",
    "Secrets",
    "SenderId",
    "SenderIdRepository",
    "SmsGateway",
    "SubmitOutcome",
    "SubmitOutcomeUnknown",
    "SubmitResult",
    "TransientGatewayError",
    "UnitOfWork",
    "UnitOfWorkFactory",
    "UnmatchedReport",
    "WebhookAttempt",
    "WebhookDelivery",
    "WebhookEndpoint",
    "WebhookRepository",
    "WebhookResponse",
    "WebhookSender",
]
