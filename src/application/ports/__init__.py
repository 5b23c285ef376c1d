"""Every port the application needs from outside, and the records they carry.

One module per concern; import from here. A record that is a domain rule's own (a `Message`,
a `SubmitResult`, a webhook `DeliveryStatus`) lives in `domain` and is imported from there.
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
from application.ports.contact_files import ContactFiles, ExportedContact, ImportRow, Table, TableReader
from application.ports.contacts import (
    Contact,
    ContactList,
    ContactListRepository,
    ContactPhone,
    ContactRepository,
)
from application.ports.credits import LedgerPage, LedgerRepository
from application.ports.deliveries import DeliveryReport, DeliveryReportRepository, UnmatchedReport
from application.ports.gateway import (
    BatchSmsGateway,
    GatewayListener,
    GatewayNoAnswer,
    GatewayUnavailable,
    OutboundSms,
    SmsGateway,
)
from application.ports.google_contacts import (
    AccessTokenRejected,
    AuthorizationRefused,
    ContactsProvider,
    ContactsProviderUnavailable,
    ExternalPerson,
    GoogleConnection,
    GoogleConnections,
    GrantedTokens,
    GrantRevoked,
    PeoplePage,
)
from application.ports.idempotency import Claim, IdempotencyKeys, IdempotencyRecord
from application.ports.inbound import InboundMessage, InboundRepository, InboundSms, OptOutRepository
from application.ports.message_logs import MessageLogEntry, MessageLogFilter, MessageLogs
from application.ports.messages import MessageRepository, SenderId, SenderIdRepository
from application.ports.notifications import Notification, NotificationKind, NotificationRepository
from application.ports.outbox import EventOutbox, OutboxEvent
from application.ports.payments import PaymentOrder, PaymentOrderRepository
from application.ports.reference import CountryRate, CountryRates
from application.ports.security import AccessTokens, PasswordHasher, RateLimiter, RateLimitState, Secrets
from application.ports.security import SecretBox
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

__all__ = [
    "AccessTokenRejected",
    "AccessTokens",
    "Account",
    "AccountRepository",
    "ApiKey",
    "ApiKeyOwner",
    "ApiKeyRepository",
    "AuthorizationRefused",
    "BatchSmsGateway",
    "Campaign",
    "CampaignRepository",
    "Claim",
    "Clock",
    "Contact",
    "ContactList",
    "ContactListRepository",
    "ContactFiles",
    "ContactPhone",
    "ContactRepository",
    "ContactsProvider",
    "ContactsProviderUnavailable",
    "CountryRate",
    "CountryRates",
    "DeliveryHistory",
    "DeliveryReport",
    "DeliveryReportRepository",
    "EventOutbox",
    "ExportedContact",
    "ExternalPerson",
    "GatewayListener",
    "GatewayNoAnswer",
    "GatewayUnavailable",
    "GoogleConnection",
    "GoogleConnections",
    "GrantRevoked",
    "GrantedTokens",
    "IdGenerator",
    "IdempotencyKeys",
    "IdempotencyRecord",
    "ImportRow",
    "InboundMessage",
    "InboundRepository",
    "InboundSms",
    "JobQueue",
    "LedgerPage",
    "LedgerRepository",
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
    "PeoplePage",
    "PhoneOtp",
    "PhoneOtpRepository",
    "RateLimitState",
    "RateLimiter",
    "RefreshToken",
    "RefreshTokenRepository",
    "SecretBox",
    "Secrets",
    "SenderId",
    "SenderIdRepository",
    "SmsGateway",
    "Table",
    "TableReader",
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
