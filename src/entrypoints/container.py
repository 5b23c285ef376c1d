"""The composition root: the only place that knows every concrete adapter.

Services and use cases take plain constructor arguments; the HTTP app and the CLI
ask this container for them. Tests override providers (clock, settings, ...).
"""

from __future__ import annotations

from collections.abc import Callable

from dependency_injector import containers, providers

from adapters.google_contacts import GoogleContacts, GoogleEndpoints
from adapters.gateways.retrying import RetryingGateway, retrying
from adapters.gateways.smpp.config import parse_binds
from adapters.gateways.smpp.gateway import SmppGateway
from adapters.email import EmailSimulator, SmtpEmailSender, SmtpServer
from adapters.gateways.simulator import SimulatorGateway
from adapters.jobs import ProcrastinateJobQueue, WakeOutboxDispatch, WorkerStatus
from adapters.mobilemoney.clickpesa import ClickPesa
from adapters.mobilemoney.simulator import MobileMoneySimulator
from adapters.postgres.accounts.accounts import PostgresApiKeyLookup
from adapters.postgres.audit import PostgresLedgerAudit
from adapters.postgres.database import create_pool, resolve_database_url
from adapters.postgres.sending.deliveries import PostgresReceivedReports
from adapters.postgres.uow import PostgresUnitOfWork
from adapters.prometheus import PrometheusMetrics
from adapters.ratelimit import LimitsRateLimiter
from adapters.security import (
    AesGcmSecretBox,
    Argon2PasswordHasher,
    JwtAccessTokens,
    RandomSecrets,
    load_or_create_secret_key,
)
from adapters.spreadsheets import read_table
from adapters.system import SystemClock, UuidGenerator
from adapters.webhooks import HttpxWebhookSender
from application.accounts.accounts import FindAccount, GetAccount, ListAccounts, RegisterAccount, SetPlan
from application.contacts.files import ExportContacts, ImportContacts
from application.credits.audit import AuditLedger
from application.accounts.api_keys import AuthenticateApiKey, CreateApiKey, ListApiKeys, RevokeApiKey
from application.contacts.lists import (
    CreateContactList,
    DeleteContactList,
    GetContactList,
    ListContactLists,
    UpdateContactList,
)
from application.contacts.contacts import (
    AddContact,
    AddContactPhone,
    DeleteContact,
    DeleteContactPhone,
    GetContact,
    ListContacts,
    UpdateContact,
)
from application.campaigns.reads import (
    CampaignReport,
    GetCampaign,
    ListCampaignMessages,
    ListCampaigns,
    OperatorCampaigns,
)
from application.campaigns.runs import CancelCampaign, QueueDueCampaigns, RunCampaign
from application.campaigns.creation import CreateCampaign, PreviewCampaign, StartCampaign
from application.credits.balance import CreditHistory, GetBalance, GrantCredits
from application.sending.delivery_reports import (
    ApplyDeliveryReport,
    ApplyDeliveryReports,
    ApplyReceivedReports,
    QueueGatewayReports,
    RematchDeliveryReports,
)
from application.contacts.google_connection import (
    CompleteGoogleConnection,
    ConnectGoogle,
    DisconnectGoogle,
    GetGoogleConnection,
)
from application.contacts.google_sync import SyncGoogleContacts
from application.idempotency import IdempotencyGate, PurgeExpiredIdempotencyKeys
from application.sending.inbound import IsOptedOut, ListInboundMessages, ReceiveInboundSms
from application.sending.message_logs import ListMessageLogs
from application.notifications import (
    Announce,
    CheckLowBalance,
    ListNotifications,
    MarkNotificationRead,
    SetLowBalanceThreshold,
)
from application.outbox import DISPATCH_OUTBOX, DispatchOutbox
from application.payments.orders import GetPaymentOrder, ListPaymentOrders, OrderPackage, OrderVoucher
from application.payments.operator import (
    ConfirmPaymentOrder,
    FailPaymentOrder,
    OperatorPaymentOrders,
    ShowPaymentOrder,
)
from application.payments.results import (
    ApplyPaymentResult,
    PurgeUnverifiedCallbacks,
    QueuePaymentResults,
    ReceivePaymentCallback,
)
from application.payments.polling import ExpireStalePaymentOrders, PollPendingPayments
from application.ports import Clock, EmailSender, GatewayListener, Metrics, MobileMoney
from application.accounts.phone_verification import (
    PurgeExpiredPhoneOtps,
    SendPayerOtp,
    SendPhoneOtp,
    VerifyPayerPhone,
    VerifyPhone,
    VerifyPhoneByOperator,
)
from application.sending.quotes import QuoteMessage
from application.sending.reconciliation import ReconcileStuckMessages
from application.reference import (
    FindCountryRate,
    GetVoucherRateCard,
    ListCountryRates,
    ListPackages,
    ListTemplates,
    ReferenceHistory,
    SetCountryRate,
    SetPackage,
    SetTemplate,
    SetVoucherRateCard,
)
from application.sending.sender_ids import AddSenderId, ListSenderIds, RemoveSenderId
from application.sending.sends import SendBulk, SendSms
from application.submission.unwritten import UnwrittenOutcomes
from application.accounts.emails import LinkTokens
from application.accounts.email_verification import RequestEmailVerification, SendEmailVerification, VerifyEmail
from application.accounts.password_reset import RequestPasswordReset, ResetPassword, SendPasswordReset
from application.accounts.sessions import (
    AuthenticateAccessToken,
    ChangePassword,
    LiveSessions,
    LogIn,
    LogOut,
    LogOutEverywhere,
    RefreshSession,
)
from application.webhooks.deliveries import DeliverDueWebhooks, DeliverWebhook, FanOutEvent
from application.webhooks.endpoints import DeleteWebhook, ListWebhookDeliveries, ListWebhooks, RegisterWebhook
from entrypoints.settings import GOOGLE_CALLBACK_PATH, Settings
from entrypoints.worker import build_job_app


def _database_url(settings: Settings) -> str:
    return resolve_database_url(settings.database_url, settings.data_dir)


def _smpp_gateway(settings: Settings, listener: GatewayListener, clock: Clock, metrics: Metrics) -> SmppGateway | None:
    """The SMPP binds UJUMBE_GATEWAY names (None for the simulator); a bad setting stops start-up."""
    if settings.gateway == "simulator":
        return None
    if not settings.gateway.startswith("smpp://"):
        raise ValueError(f"UJUMBE_GATEWAY={settings.gateway!r}: use 'simulator' or smpp://system_id:password@host:port")
    return SmppGateway(parse_binds(settings.gateway), default_sender=settings.default_sender, clock=clock,
                       listener=listener, metrics=metrics)


def _submit_window(smpp: SmppGateway | None) -> int:
    """Submits a bulk or campaign keeps in flight: every bind's window, or the simulator's 50."""
    return smpp.window if smpp is not None else 50


def _gateway(smpp: SmppGateway | None, simulator: Callable[[], SimulatorGateway]) -> RetryingGateway:
    """The SMS gateway UJUMBE_GATEWAY names, behind transient-fault retries."""
    return retrying(smpp if smpp is not None else simulator(), concurrency=_submit_window(smpp))


def _email_sender(settings: Settings, simulator: Callable[[], EmailSimulator]) -> EmailSender:
    if settings.smtp_url is None or settings.email_from is None:
        return simulator()
    return SmtpEmailSender(SmtpServer.parse(settings.smtp_url), settings.email_from)


def _mobile_money(settings: Settings, simulator: Callable[[], MobileMoneySimulator], clock: Clock) -> MobileMoney:
    """The mobile-money provider UJUMBE_MOBILE_MONEY names: the simulator, or the aggregator
    (ClickPesa's API) at a base URL, with its three credentials."""
    if settings.mobile_money == "simulator":
        return simulator()
    if not settings.mobile_money.startswith(("https://", "http://")):
        raise ValueError(
            f"UJUMBE_MOBILE_MONEY={settings.mobile_money!r}: use 'simulator' or the aggregator's https:// URL"
        )
    credentials = {
        "UJUMBE_MOBILE_MONEY_CLIENT_ID": settings.mobile_money_client_id,
        "UJUMBE_MOBILE_MONEY_API_KEY": settings.mobile_money_api_key,
        # required: without it a callback could not be told from a forged one
        "UJUMBE_MOBILE_MONEY_CHECKSUM_KEY": settings.mobile_money_checksum_key,
    }
    missing = [name for name, value in credentials.items() if not value]
    if missing:
        raise ValueError(f"UJUMBE_MOBILE_MONEY={settings.mobile_money} needs {', '.join(missing)}")
    return ClickPesa(settings.mobile_money, settings.mobile_money_client_id or "", settings.mobile_money_api_key or "",
                     settings.mobile_money_checksum_key or "", clock=clock)


def _google_endpoints(settings: Settings) -> GoogleEndpoints:
    """The OAuth client and Google's URLs; the redirect URI is the callback under UJUMBE_PUBLIC_URL."""
    return GoogleEndpoints(
        client_id=settings.google_client_id or "", client_secret=settings.google_client_secret or "",
        redirect_uri=settings.public_url + GOOGLE_CALLBACK_PATH, auth_url=settings.google_auth_url,
        token_url=settings.google_token_url, people_url=settings.google_people_url,
        revoke_url=settings.google_revoke_url,
    )


class Container(containers.DeclarativeContainer):
    __self__ = providers.Self()
    settings = providers.Singleton(Settings.from_env)

    clock = providers.Singleton(SystemClock)
    ids = providers.Singleton(UuidGenerator)
    # what the service counts (GET /metrics); the unit of work counts ledger postings as they commit
    metrics = providers.Singleton(PrometheusMetrics)

    database_url = providers.Singleton(_database_url, settings)
    pool = providers.Singleton(create_pool, database_url, wait=settings.provided.database_wait)
    # jobs (procrastinate on the same database): every commit that writes outbox events
    # queues their dispatch
    job_app = providers.Singleton(build_job_app, __self__)
    job_queue = providers.Singleton(ProcrastinateJobQueue, job_app)
    worker_status = providers.Singleton(WorkerStatus)  # this process's job worker, for health checks
    wake_outbox_dispatch = providers.Singleton(WakeOutboxDispatch, job_queue, DISPATCH_OUTBOX)
    uow = providers.Factory(PostgresUnitOfWork, pool=pool, on_events_committed=wake_outbox_dispatch, metrics=metrics)

    # accounts and credentials
    secret_key = providers.Singleton(
        load_or_create_secret_key, settings.provided.secret_key, settings.provided.data_dir
    )
    password_hasher = providers.Singleton(Argon2PasswordHasher, settings.provided.password_hash_cost)
    access_tokens = providers.Singleton(JwtAccessTokens, secret_key=secret_key, clock=clock)
    secrets = providers.Singleton(RandomSecrets, secret_key=secret_key)
    # seals what is kept at rest: third-party tokens, webhook signing secrets
    secret_box = providers.Singleton(AesGcmSecretBox, secret_key)
    # One budget store per container: memory by default, Redis when UJUMBE_REDIS_URL is set.
    rate_limiter = providers.Singleton(LimitsRateLimiter, settings.provided.redis_url)
    register_account = providers.Factory(
        RegisterAccount, uow=uow.provider, clock=clock, ids=ids, hasher=password_hasher, jobs=job_queue
    )
    log_in = providers.Factory(
        LogIn, uow=uow.provider, clock=clock, ids=ids, hasher=password_hasher,
        tokens=access_tokens, secrets=secrets,
    )
    refresh_session = providers.Factory(
        RefreshSession, uow=uow.provider, clock=clock, ids=ids, tokens=access_tokens, secrets=secrets
    )
    api_key_lookup = providers.Singleton(PostgresApiKeyLookup, pool=pool)
    authenticate_api_key = providers.Factory(
        AuthenticateApiKey, uow=uow.provider, keys=api_key_lookup, clock=clock, secrets=secrets
    )
    authenticate_access_token = providers.Factory(
        AuthenticateAccessToken, uow=uow.provider, clock=clock, tokens=access_tokens
    )
    get_account = providers.Factory(GetAccount, uow=uow.provider)
    find_account = providers.Factory(FindAccount, uow=uow.provider)
    list_accounts = providers.Factory(ListAccounts, uow=uow.provider)
    set_plan = providers.Factory(SetPlan, uow=uow.provider)
    create_api_key = providers.Factory(CreateApiKey, uow=uow.provider, clock=clock, ids=ids, secrets=secrets)
    list_api_keys = providers.Factory(ListApiKeys, uow=uow.provider)
    revoke_api_key = providers.Factory(RevokeApiKey, uow=uow.provider, clock=clock)
    log_out = providers.Factory(LogOut, uow=uow.provider, clock=clock, secrets=secrets)
    log_out_everywhere = providers.Factory(LogOutEverywhere, uow=uow.provider, clock=clock)
    live_sessions = providers.Factory(LiveSessions, uow=uow.provider, clock=clock)
    change_password = providers.Factory(
        ChangePassword, uow=uow.provider, clock=clock, ids=ids, hasher=password_hasher, tokens=access_tokens,
        secrets=secrets,
    )

    # account emails: the simulator records them unless UJUMBE_SMTP_URL names a mail server
    email_simulator = providers.Singleton(EmailSimulator, pool)
    email_sender = providers.Singleton(_email_sender, settings, email_simulator.provider)
    link_tokens = providers.Factory(
        LinkTokens, clock=clock, ids=ids, secrets=secrets, public_url=settings.provided.public_url
    )
    request_password_reset = providers.Factory(RequestPasswordReset, jobs=job_queue)
    send_password_reset = providers.Factory(SendPasswordReset, uow=uow.provider, tokens=link_tokens, mail=email_sender)
    reset_password = providers.Factory(
        ResetPassword, uow=uow.provider, clock=clock, hasher=password_hasher, tokens=link_tokens
    )
    request_email_verification = providers.Factory(RequestEmailVerification, jobs=job_queue)
    send_email_verification = providers.Factory(
        SendEmailVerification, uow=uow.provider, tokens=link_tokens, mail=email_sender
    )
    verify_email = providers.Factory(VerifyEmail, uow=uow.provider, tokens=link_tokens)

    # messaging: the gateway port (the simulator records what it receives in PostgreSQL)
    received_reports = providers.Singleton(PostgresReceivedReports, pool)
    gateway_listener = providers.Singleton(QueueGatewayReports, job_queue, received_reports, clock)
    simulator = providers.Singleton(
        SimulatorGateway, pool=pool, clock=clock, ids=ids, listener=gateway_listener,
        report_delay=settings.provided.simulator_dlr_delay, metrics=metrics,
    )
    smpp_gateway = providers.Singleton(_smpp_gateway, settings, gateway_listener, clock, metrics)
    gateway = providers.Singleton(_gateway, smpp_gateway, simulator.provider)
    # outcomes the gateway gave that the database would not take yet: this process writes them later
    unwritten_outcomes = providers.Singleton(UnwrittenOutcomes)
    submit_window = providers.Singleton(_submit_window, smpp_gateway)

    # credits and sending (DESIGN §6)
    grant_credits = providers.Factory(GrantCredits, uow=uow.provider, clock=clock, ids=ids)
    get_balance = providers.Factory(GetBalance, uow=uow.provider)
    credit_history = providers.Factory(CreditHistory, uow=uow.provider)
    audit_ledger = providers.Factory(AuditLedger, audit=providers.Factory(PostgresLedgerAudit, pool), clock=clock)
    send_sms = providers.Factory(
        SendSms, uow=uow.provider, clock=clock, ids=ids, gateway=gateway,
        default_sender=settings.provided.default_sender, metrics=metrics, unwritten=unwritten_outcomes,
    )
    send_bulk = providers.Factory(
        SendBulk, uow=uow.provider, clock=clock, ids=ids, gateway=gateway,
        default_sender=settings.provided.default_sender, concurrency=submit_window, metrics=metrics,
        unwritten=unwritten_outcomes,
    )
    reconcile_stuck_messages = providers.Factory(
        ReconcileStuckMessages, uow=uow.provider, clock=clock, ids=ids, gateway=gateway, concurrency=submit_window,
        metrics=metrics, unwritten=unwritten_outcomes,
    )
    list_sender_ids = providers.Factory(
        ListSenderIds, uow=uow.provider, default_sender=settings.provided.default_sender
    )
    add_sender_id = providers.Factory(AddSenderId, uow=uow.provider, clock=clock)
    remove_sender_id = providers.Factory(RemoveSenderId, uow=uow.provider)

    # phone verification: codes go out through the gateway, free of charge
    send_phone_otp = providers.Factory(
        SendPhoneOtp, uow=uow.provider, clock=clock, ids=ids, secrets=secrets, gateway=gateway,
        sender=settings.provided.default_sender,
    )
    verify_phone = providers.Factory(VerifyPhone, uow=uow.provider, clock=clock, secrets=secrets)
    verify_phone_by_operator = providers.Factory(VerifyPhoneByOperator, uow=uow.provider)
    purge_expired_phone_otps = providers.Factory(PurgeExpiredPhoneOtps, uow=uow.provider, clock=clock)
    # payer phones: the same codes and limits, for a phone the account pays from
    send_payer_otp = providers.Factory(
        SendPayerOtp, uow=uow.provider, clock=clock, ids=ids, secrets=secrets, gateway=gateway,
        sender=settings.provided.default_sender,
    )
    verify_payer_phone = providers.Factory(VerifyPayerPhone, uow=uow.provider, clock=clock, secrets=secrets)

    # idempotency keys, quotes, message logs, the rate card
    idempotency = providers.Factory(IdempotencyGate, uow=uow.provider, clock=clock, ids=ids)
    purge_expired_idempotency_keys = providers.Factory(
        PurgeExpiredIdempotencyKeys, uow=uow.provider, clock=clock
    )
    quote_message = providers.Factory(QuoteMessage, uow=uow.provider)
    list_message_logs = providers.Factory(ListMessageLogs, uow=uow.provider)
    list_country_rates = providers.Factory(ListCountryRates, uow=uow.provider)
    find_country_rate = providers.Factory(FindCountryRate, uow=uow.provider)
    list_packages = providers.Factory(ListPackages, uow=uow.provider)
    list_templates = providers.Factory(ListTemplates, uow=uow.provider)
    get_voucher_rate_card = providers.Factory(GetVoucherRateCard, uow=uow.provider)
    reference_history = providers.Factory(ReferenceHistory, uow=uow.provider)
    set_package = providers.Factory(SetPackage, uow=uow.provider, clock=clock)
    set_template = providers.Factory(SetTemplate, uow=uow.provider, clock=clock)
    set_country_rate = providers.Factory(SetCountryRate, uow=uow.provider, clock=clock)
    set_voucher_rate_card = providers.Factory(SetVoucherRateCard, uow=uow.provider, clock=clock)

    # delivery reports, inbound SMS and opt-outs (issue 5)
    apply_delivery_report = providers.Factory(ApplyDeliveryReport, uow=uow.provider, clock=clock, ids=ids,
                                              metrics=metrics)
    apply_delivery_reports = providers.Factory(ApplyDeliveryReports, uow=uow.provider, clock=clock, ids=ids,
                                               metrics=metrics)
    apply_received_reports = providers.Factory(ApplyReceivedReports, uow=uow.provider, clock=clock, ids=ids,
                                               jobs=job_queue, metrics=metrics)
    rematch_delivery_reports = providers.Factory(RematchDeliveryReports, uow=uow.provider, clock=clock, ids=ids,
                                                 metrics=metrics)
    receive_inbound_sms = providers.Factory(ReceiveInboundSms, uow=uow.provider, clock=clock, ids=ids)
    list_inbound_messages = providers.Factory(ListInboundMessages, uow=uow.provider)
    is_opted_out = providers.Factory(IsOptedOut, uow=uow.provider)

    # webhooks and the outbox dispatch
    webhook_sender = providers.Singleton(
        HttpxWebhookSender, allow_private=settings.provided.webhooks_allow_private
    )
    register_webhook = providers.Factory(
        RegisterWebhook, uow=uow.provider, clock=clock, ids=ids, secrets=secrets, sender=webhook_sender,
        box=secret_box,
    )
    list_webhooks = providers.Factory(ListWebhooks, uow=uow.provider)
    delete_webhook = providers.Factory(DeleteWebhook, uow=uow.provider)
    list_webhook_deliveries = providers.Factory(ListWebhookDeliveries, uow=uow.provider)
    deliver_webhook = providers.Factory(
        DeliverWebhook, uow=uow.provider, clock=clock, sender=webhook_sender, jobs=job_queue, box=secret_box,
        metrics=metrics,
    )
    deliver_due_webhooks = providers.Factory(DeliverDueWebhooks, uow=uow.provider, clock=clock, jobs=job_queue)
    check_low_balance = providers.Factory(CheckLowBalance, clock=clock, ids=ids)
    dispatch_outbox = providers.Factory(
        DispatchOutbox, uow=uow.provider, clock=clock, jobs=job_queue,
        fan_out=providers.Factory(FanOutEvent, ids=ids), check_low_balance=check_low_balance,
    )

    # notifications
    list_notifications = providers.Factory(ListNotifications, uow=uow.provider)
    mark_notification_read = providers.Factory(MarkNotificationRead, uow=uow.provider, clock=clock)
    announce = providers.Factory(Announce, uow=uow.provider, clock=clock, ids=ids)
    set_low_balance_threshold = providers.Factory(SetLowBalanceThreshold, uow=uow.provider)

    # mobile money: the simulator records its prompts in PostgreSQL and hands each result to the
    # payment listener, due when its simulated payer answers; the HTTP adapter is called back
    payment_listener = providers.Singleton(QueuePaymentResults, job_queue)  # results applied as callbacks
    mobile_money_simulator = providers.Singleton(
        MobileMoneySimulator, pool=pool, clock=clock, listener=payment_listener,
        decision_delay=settings.provided.simulator_payment_delay, public_url=settings.provided.public_url,
    )
    mobile_money = providers.Singleton(_mobile_money, settings, mobile_money_simulator.provider, clock)

    # payment orders
    order_package = providers.Factory(OrderPackage, uow=uow.provider, clock=clock, ids=ids, mobile_money=mobile_money)
    order_voucher = providers.Factory(OrderVoucher, uow=uow.provider, clock=clock, ids=ids, mobile_money=mobile_money)
    get_payment_order = providers.Factory(GetPaymentOrder, uow=uow.provider)
    list_payment_orders = providers.Factory(ListPaymentOrders, uow=uow.provider)
    # payments: settlement (callbacks, queued results, polls, expiry with a final poll, operators)
    receive_payment_callback = providers.Factory(
        ReceivePaymentCallback, uow=uow.provider, clock=clock, ids=ids, mobile_money=mobile_money
    )
    apply_payment_result = providers.Factory(ApplyPaymentResult, uow=uow.provider, clock=clock, ids=ids)
    purge_unverified_callbacks = providers.Factory(PurgeUnverifiedCallbacks, uow=uow.provider, clock=clock)
    poll_pending_payments = providers.Factory(
        PollPendingPayments, uow=uow.provider, clock=clock, ids=ids, mobile_money=mobile_money
    )
    expire_stale_payment_orders = providers.Factory(
        ExpireStalePaymentOrders, uow=uow.provider, clock=clock, ids=ids, mobile_money=mobile_money
    )
    operator_payment_orders = providers.Factory(OperatorPaymentOrders, uow=uow.provider)
    show_payment_order = providers.Factory(ShowPaymentOrder, uow=uow.provider)
    confirm_payment_order = providers.Factory(ConfirmPaymentOrder, uow=uow.provider, clock=clock, ids=ids)
    fail_payment_order = providers.Factory(FailPaymentOrder, uow=uow.provider, clock=clock, ids=ids)

    # contact files: imports into a list, exports of one
    import_contacts = providers.Factory(ImportContacts, uow=uow.provider, clock=clock, read_table=read_table)
    export_contacts = providers.Factory(ExportContacts, uow=uow.provider)

    # contact lists and contacts
    list_contact_lists = providers.Factory(ListContactLists, uow=uow.provider, clock=clock, ids=ids)
    create_contact_list = providers.Factory(CreateContactList, uow=uow.provider, clock=clock, ids=ids)
    get_contact_list = providers.Factory(GetContactList, uow=uow.provider, clock=clock, ids=ids)
    update_contact_list = providers.Factory(UpdateContactList, uow=uow.provider, clock=clock, ids=ids)
    delete_contact_list = providers.Factory(DeleteContactList, uow=uow.provider, clock=clock, ids=ids)
    list_contacts = providers.Factory(ListContacts, uow=uow.provider)
    add_contact = providers.Factory(AddContact, uow=uow.provider, clock=clock, ids=ids)
    get_contact = providers.Factory(GetContact, uow=uow.provider)
    update_contact = providers.Factory(UpdateContact, uow=uow.provider, clock=clock)
    delete_contact = providers.Factory(DeleteContact, uow=uow.provider)
    add_contact_phone = providers.Factory(AddContactPhone, uow=uow.provider, clock=clock, ids=ids)
    delete_contact_phone = providers.Factory(DeleteContactPhone, uow=uow.provider, clock=clock)
    # the external contacts import (Google), behind UJUMBE_FEATURE_GOOGLE_CONTACTS
    google_contacts = providers.Singleton(GoogleContacts, providers.Singleton(_google_endpoints, settings))
    get_google_connection = providers.Factory(GetGoogleConnection, uow=uow.provider)
    connect_google = providers.Factory(
        ConnectGoogle, uow=uow.provider, clock=clock, secrets=secrets, provider=google_contacts
    )
    complete_google_connection = providers.Factory(
        CompleteGoogleConnection, uow=uow.provider, clock=clock, secrets=secrets, provider=google_contacts,
        box=secret_box,
    )
    disconnect_google = providers.Factory(DisconnectGoogle, uow=uow.provider, provider=google_contacts, box=secret_box)
    sync_google_contacts = providers.Factory(
        SyncGoogleContacts, uow=uow.provider, clock=clock, ids=ids, provider=google_contacts, box=secret_box
    )
    # campaigns: created by the API, started and run by the job worker
    create_campaign = providers.Factory(
        CreateCampaign, uow=uow.provider, clock=clock, ids=ids, jobs=job_queue,
        default_sender=settings.provided.default_sender,
    )
    preview_campaign = providers.Factory(
        PreviewCampaign, uow=uow.provider, default_sender=settings.provided.default_sender
    )
    start_campaign = providers.Factory(
        StartCampaign, uow=uow.provider, clock=clock, ids=ids, default_sender=settings.provided.default_sender
    )
    run_campaign = providers.Factory(RunCampaign, uow=uow.provider, clock=clock, ids=ids, gateway=gateway,
                                     check_low_balance=check_low_balance, concurrency=submit_window, metrics=metrics,
                                     gateway_wait=settings.provided.campaign_gateway_wait,
                                     unwritten=unwritten_outcomes)
    cancel_campaign = providers.Factory(CancelCampaign, uow=uow.provider, clock=clock, ids=ids)
    queue_due_campaigns = providers.Factory(QueueDueCampaigns, uow=uow.provider, clock=clock, jobs=job_queue)
    list_campaigns = providers.Factory(ListCampaigns, uow=uow.provider)
    get_campaign = providers.Factory(GetCampaign, uow=uow.provider)
    list_campaign_messages = providers.Factory(ListCampaignMessages, uow=uow.provider)
    campaign_report = providers.Factory(CampaignReport, uow=uow.provider)
    operator_campaigns = providers.Factory(OperatorCampaigns, uow=uow.provider)
