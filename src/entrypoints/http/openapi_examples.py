"""Examples and links of the API document, by (operation id, status); "request" for a body.

The links are the paths a client walks: register → log in → create an API key → send → read the
log; register a webhook → its deliveries → delete it (after which its deliveries are 404); create
an API key → revoke it; the notification list → mark the newest read (when there is one).
Expressions follow OpenAPI's runtime expression syntax.
"""

from __future__ import annotations

from typing import Any

from litestar.openapi.spec import Link

_MESSAGE_ID = "0b6f4a7e-3c1d-4e8a-9f57-1d2c3b4a5e6f"
_ACCOUNT_ID = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"
_AT = "2026-01-15T09:30:00Z"

_SEND_RESULT = {
    "message_id": _MESSAGE_ID, "status": "sent", "cost": "1 credit", "credits_used": 1, "to": "+255712345678",
    "from": "DUKA", "requested_from": None, "sms_parts": 1, "segments": 1, "encoding": "GSM-7",
    "carrier": "Vodacom", "error": None,
}
_TOKENS = {"access_token": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI5YThiIn0.c2lnbmF0dXJl",
           "refresh_token": "rt_6f1c0e9d8b7a", "expires_in": 900, "token_type": "Bearer"}
_PROFILE = {"id": _ACCOUNT_ID, "email": "shop@example.com", "business_name": "Duka Bora", "plan": "free",
            "email_verified": False, "phone_verified": False, "phone": None, "created_at": _AT}

EXAMPLES: dict[tuple[str, str], Any] = {
    ("sendSms", "request"): {"to": "0712345678", "message": "Karibu! Your order is ready.", "from": "DUKA"},
    ("sendSms", "200"): _SEND_RESULT,
    ("sendSmsFromDashboard", "request"): {"to": "+255712345678", "message": "Habari! Mkutano ni saa nne."},
    ("sendSmsFromDashboard", "200"): _SEND_RESULT,
    ("sendBulkSms", "request"): {"to": ["0712345678", "0687654321", "12345"], "message": "Sale ends today."},
    ("sendBulkSms", "200"): {
        "total": 3, "sent": 2, "failed": 1, "pending": 0, "batch_id": "3e2d1c0b-9a8f-4e7d-8c6b-5a4f3e2d1c0b",
        "credits_used": 2, "from": "UJUMBE", "requested_from": None,
        "results": [
            {"to": "+255712345678", "status": "sent", "message_id": _MESSAGE_ID, "credits_used": 1},
            {"to": "+255687654321", "status": "sent", "message_id": "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
             "credits_used": 1},
            {"to": "12345", "status": "failed", "error": "invalid_phone_number"},
        ],
    },
    ("quoteSms", "request"): {"message": "Bei mpya: 5,000/= tu!", "to": "0712345678"},
    ("quoteSms", "200"): {
        "to": "+255712345678", "country": "TZ", "encoding": "GSM-7", "characters": 21, "units": 21, "parts": 1,
        "segments": 1, "non_gsm_characters": [], "credits": 1, "sendable": True, "reason": None,
        "smart_encoded": {"message": "Bei mpya: 5,000/= tu!", "encoding": "GSM-7", "characters": 21, "parts": 1,
                          "segments": 1, "credits": 1, "replaced": []},
    },
    ("getCreditBalance", "200"): {"account_id": _ACCOUNT_ID, "balance": 250},
    ("listMessageLogs", "200"): {
        "messages": [{**_SEND_RESULT, "status": "delivered", "message": "Karibu! Your order is ready.",
                      "batch_id": None, "created_at": _AT, "delivered_at": "2026-01-15T09:30:04Z"}],
        "page": 1, "per_page": 25, "total": 1,
    },
    ("register", "request"): {"email": "shop@example.com", "password": "correct horse battery",
                              "business_name": "Duka Bora"},
    ("register", "201"): _PROFILE,
    ("login", "request"): {"email": "shop@example.com", "password": "correct horse battery"},
    ("login", "200"): _TOKENS,
    ("refresh", "request"): {"refresh_token": "rt_6f1c0e9d8b7a"},
    ("refresh", "200"): _TOKENS,
    ("me", "200"): _PROFILE,
    ("createApiKey", "request"): {"name": "shop backend"},
    ("createApiKey", "201"): {"id": "7d6c5b4a-3f2e-4d1c-8b0a-9f8e7d6c5b4a", "key": "uj_live_3q9X0bT4mK7pL2sV8wY1zR5c",
                              "prefix": "uj_live_3q9X", "name": "shop backend", "created_at": _AT},
    ("registerWebhook", "request"): {"url": "https://shop.example.com/hooks/sms", "events": ["message.delivered"]},
    ("registerWebhook", "201"): {
        "id": "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e", "url": "https://shop.example.com/hooks/sms",
        "events": ["message.delivered"], "secret": "whsec_c2VjcmV0IGJ5dGVz", "enabled": True, "created_at": _AT,
    },
}

_CAMPAIGN = {
    "id": "6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d", "name": "Sikukuu", "message": "Habari {first_name}! Ofa ya sikukuu.",
    "status": "completed", "contact_list_id": "4d3c2b1a-0f9e-4d8c-b7a6-958473625140", "sender_id": "DUKA",
    "total_contacts": 1200, "sent_count": 1198, "delivered_count": 1190, "failed_count": 2, "scheduled_at": None,
    "created_at": _AT, "completed_at": "2026-01-15T09:30:40Z", "failure_reason": None,
}
_CAMPAIGN_REQUEST = {"name": "Sikukuu", "message": "Habari {first_name}! Ofa ya sikukuu.",
                     "contact_list_id": "4d3c2b1a-0f9e-4d8c-b7a6-958473625140", "sender_id": "DUKA"}
EXAMPLES.update({
    ("createCampaign", "request"): {**_CAMPAIGN_REQUEST, "scheduled_at": "2026-12-24T09:00:00"},
    ("createCampaign", "201"): {**_CAMPAIGN, "status": "scheduled", "sent_count": 0, "delivered_count": 0,
                                "failed_count": 0, "scheduled_at": "2026-12-24T06:00:00Z", "completed_at": None},
    ("getCampaign", "200"): _CAMPAIGN,
    ("listCampaigns", "200"): {"campaigns": [_CAMPAIGN], "page": 1, "per_page": 25, "total": 1},
    ("previewCampaign", "request"): _CAMPAIGN_REQUEST,
    ("previewCampaign", "200"): {
        "contacts": 1205, "recipients": 1200, "duplicates": 0, "invalid": 0, "opted_out": 5, "credits": 1200,
        "balance": 5000, "from": "DUKA", "requested_from": None,
        "samples": [{"to": "+255712345678", "message": "Habari Asha! Ofa ya sikukuu.", "credits": 1}],
    },
    ("listCampaignMessages", "200"): {
        "messages": [{"message_id": _MESSAGE_ID, "to": "+255712345678", "from": "DUKA", "status": "delivered",
                      "message": "Habari Asha! Ofa ya sikukuu.", "credits_used": 1, "sms_parts": 1, "error": None,
                      "created_at": _AT, "sent_at": _AT, "delivered_at": "2026-01-15T09:30:04Z"}],
        "page": 1, "per_page": 25, "total": 1,
    },
})

_BY_ACCESS_TOKEN = {"header.Authorization": "$request.header.Authorization"}

LINKS: dict[tuple[str, str], dict[str, Link]] = {
    ("register", "201"): {
        "LogIn": Link(operation_id="login", description="Log in as the account just registered.",
                      request_body={"email": "$request.body#/email", "password": "$request.body#/password"}),
    },
    ("login", "200"): {
        "CreateApiKey": Link(operation_id="createApiKey", description="Create an API key with the access token.",
                             parameters={"header.Authorization": "Bearer {$response.body#/data/access_token}"}),
        "Me": Link(operation_id="me", description="The profile of the account logged in.",
                   parameters={"header.Authorization": "Bearer {$response.body#/data/access_token}"}),
    },
    ("createApiKey", "201"): {
        "SendSms": Link(operation_id="sendSms", description="Send an SMS with the key just created.",
                        parameters={"header.X-API-Key": "$response.body#/data/key"},
                        request_body={"to": "0712345678", "message": "Karibu! Your order is ready."}),
        "RevokeApiKey": Link(operation_id="revokeApiKey", description="Revoke the key just created.",
                             parameters={"path.key_id": "$response.body#/data/id", **_BY_ACCESS_TOKEN}),
    },
    ("sendSms", "200"): {
        "MessageLogs": Link(operation_id="listMessageLogs", description="The log, which holds the message sent.",
                            parameters={"header.X-API-Key": "$request.header.X-API-Key"}),
    },
    ("registerWebhook", "201"): {
        "Deliveries": Link(operation_id="listWebhookDeliveries", description="Deliveries to the webhook.",
                           parameters={"path.webhook_id": "$response.body#/data/id", **_BY_ACCESS_TOKEN}),
        "Delete": Link(operation_id="deleteWebhook", description="Delete the webhook just registered.",
                       parameters={"path.webhook_id": "$response.body#/data/id", **_BY_ACCESS_TOKEN}),
    },
    ("listWebhookDeliveries", "200"): {
        "Delete": Link(operation_id="deleteWebhook", description="Delete the webhook.",
                       parameters={"path.webhook_id": "$request.path.webhook_id", **_BY_ACCESS_TOKEN}),
    },
    ("listNotifications", "200"): {
        "MarkRead": Link(operation_id="markNotificationRead", description="Mark the newest notification read.",
                         parameters={"path.notification_id": "$response.body#/data/notifications/0/id"}),
    },
    ("createCampaign", "201"): {
        "Campaign": Link(operation_id="getCampaign", description="The campaign just created.",
                         parameters={"path.campaign_id": "$response.body#/data/id"}),
        "Messages": Link(operation_id="listCampaignMessages", description="Its messages.",
                         parameters={"path.campaign_id": "$response.body#/data/id"}),
        "Report": Link(operation_id="exportCampaignMessages", description="Its messages as a CSV report.",
                       parameters={"path.campaign_id": "$response.body#/data/id"}),
        "Cancel": Link(operation_id="cancelCampaign", description="Cancel or stop it.",
                       parameters={"path.campaign_id": "$response.body#/data/id"}),
    },
    ("deleteWebhook", "200"): {
        "DeliveriesAfterDelete": Link(operation_id="listWebhookDeliveries",
                                      description="A deleted webhook's deliveries are gone (404).",
                                      parameters={"path.webhook_id": "$request.path.webhook_id", **_BY_ACCESS_TOKEN}),
    },
}
