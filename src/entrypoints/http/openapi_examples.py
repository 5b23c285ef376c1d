"""Examples and links of the API document, by (operation id, status); "request" for a body.

The links are the paths a client walks: register → log in → create an API key → send → read the
log; register a webhook → its deliveries → delete it (after which its deliveries are 404); create
an API key → revoke it; the notification list → mark the newest read (when there is one); create a
contact list → read, rename, delete it, list and add its contacts; add a contact → read, change,
delete it, give it an extra number → remove that number; the lists → the default list's contacts
(and add one to it) → read, change the first contact, give it an extra number, remove its first.
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

_LIST_ID = "5c4b3a29-1807-4f6e-9d5c-4b3a29180706"
_CONTACT_ID = "8e7d6c5b-4a39-4281-9f0e-d7c6b5a49382"
_CONTACT_LIST = {"id": _LIST_ID, "name": "Wateja wa Dar", "description": "Customers in Dar es Salaam",
                 "contact_count": 1, "is_default": False, "created_at": _AT, "updated_at": _AT}
_EXTRA_PHONE = {"id": "1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b", "phone": "+255754123456", "opted_out": False,
                "created_at": _AT}
_CONTACT = {"id": _CONTACT_ID, "list_id": _LIST_ID, "first_name": "Amina", "last_name": "Juma",
            "phone": "+255712345678", "email": "amina@example.com", "phones": [_EXTRA_PHONE], "opted_out": False,
            "created_at": _AT, "updated_at": _AT}

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
    ("importContacts", "200"): {"imported": 2, "skipped": 2, "errors": [{"row": 3, "error": "invalid_phone_number"},
                                                                        {"row": 5, "error": "duplicate_contact"}]},
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
    ("logout", "request"): {"refresh_token": "rt_6f1c0e9d8b7a"},
    ("logoutAll", "200"): {"sessions_ended": 2},
    ("changePassword", "request"): {"current_password": "correct horse battery", "new_password": "staple battery horse"},
    ("changePassword", "200"): _TOKENS,
    ("forgotPassword", "request"): {"email": "shop@example.com"},
    ("forgotPassword", "200"): {"status": "queued"},
    ("resetPassword", "request"): {"token": "Xq3v9Lw2TzN8bR1cYk5pHd7mJs0aFe4uGi6oWtQxVyE",
                                   "new_password": "staple battery horse"},
    ("sendEmailVerification", "200"): {"status": "queued"},
    ("verifyEmail", "request"): {"token": "Xq3v9Lw2TzN8bR1cYk5pHd7mJs0aFe4uGi6oWtQxVyE"},
    ("verifyEmail", "200"): {**_PROFILE, "email_verified": True},
    ("me", "200"): _PROFILE,
    ("createApiKey", "request"): {"name": "shop backend"},
    ("createApiKey", "201"): {"id": "7d6c5b4a-3f2e-4d1c-8b0a-9f8e7d6c5b4a", "key": "uj_live_3q9X0bT4mK7pL2sV8wY1zR5c",
                              "prefix": "uj_live_3q9X", "name": "shop backend", "created_at": _AT},
    ("registerWebhook", "request"): {"url": "https://shop.example.com/hooks/sms", "events": ["message.delivered"]},
    ("registerWebhook", "201"): {
        "id": "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e", "url": "https://shop.example.com/hooks/sms",
        "events": ["message.delivered"], "secret": "whsec_c2VjcmV0IGJ5dGVz", "enabled": True, "created_at": _AT,
    },
    ("createContactList", "request"): {"name": "Wateja wa Dar", "description": "Customers in Dar es Salaam"},
    ("createContactList", "201"): {**_CONTACT_LIST, "contact_count": 0},
    ("listContactLists", "200"): {
        "lists": [{**_CONTACT_LIST, "id": "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", "name": "Default", "description": "",
                   "contact_count": 0, "is_default": True}, _CONTACT_LIST],
        "page": 1, "per_page": 25, "total": 2,
    },
    ("getContactList", "200"): {**_CONTACT_LIST, "contacts": [_CONTACT], "page": 1, "per_page": 25},
    ("updateContactList", "request"): {"name": "Wateja wa Arusha"},
    ("updateContactList", "200"): {**_CONTACT_LIST, "name": "Wateja wa Arusha"},
    ("listContacts", "200"): {"contacts": [_CONTACT], "page": 1, "per_page": 25, "total": 1},
    ("addContact", "request"): {"first_name": "Amina", "last_name": "Juma", "phone": "0712345678",
                                "email": "amina@example.com"},
    ("addContact", "200"): {**_CONTACT, "phones": []},
    ("getContact", "200"): _CONTACT,
    ("updateContact", "request"): {"phone": "+255 712 345 679"},
    ("updateContact", "200"): {**_CONTACT, "phone": "+255712345679"},
    ("addContactPhone", "request"): {"phone": "0754 123 456"},
    ("addContactPhone", "200"): _EXTRA_PHONE,
    ("getGoogleContactsStatus", "200"): {
        "enabled": True, "status": "connected", "scope": "https://www.googleapis.com/auth/contacts.readonly",
        "connected_at": _AT, "last_synced_at": "2026-01-15T09:45:00Z", "reason": None,
    },
    ("connectGoogleContacts", "200"): {
        "authorization_url": "https://accounts.google.com/o/oauth2/v2/auth?response_type=code&client_id=ujumbe"
                             "&redirect_uri=https%3A%2F%2Fsms.example.com%2Fv1%2Fcontact-lists%2Fgoogle%2Fcallback"
                             "&scope=https%3A%2F%2Fwww.googleapis.com%2Fauth%2Fcontacts.readonly"
                             "&state=9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d.Zm9v&access_type=offline&prompt=consent",
        "expires_at": "2026-01-15T09:40:00Z",
    },
    ("syncGoogleContacts", "request"): {"list_id": "4c3b2a19-0f8e-4d7c-9b6a-5f4e3d2c1b0a"},
    ("syncGoogleContacts", "200"): {
        "list_id": "4c3b2a19-0f8e-4d7c-9b6a-5f4e3d2c1b0a", "imported": 412, "skipped": 2,
        "errors": [{"row": 7, "error": "no_phone_number"}, {"row": 40, "error": "duplicate_contact"}],
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
        "contacts": 1205, "numbers": 1240, "recipients": 1235, "opted_out": 5, "credits": 1235,
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

_ORDER_ID = "7c6b5a49-3827-4160-9e8d-7c6b5a493827"
_PACKAGE_ORDER = {
    "id": _ORDER_ID, "reference": _ORDER_ID.replace("-", ""), "status": "pending", "source": "package",
    "provider": "mobilemoney", "amount": 3500, "currency": "TZS", "credit_amount": 100, "rate_tzs_per_credit": None,
    "leftover_tzs": 0, "checkout_url": None, "package_id": 1, "phone": "+255712345678",
    "checkout_message": "Check your phone +255712345678 and enter your mobile-money PIN to pay 3,500 TZS for 100 "
                        "credits.",
    "failure_reason": None, "created_at": _AT, "confirmed_at": None, "failed_at": None,
}
_VOUCHER_ORDER = {
    **_PACKAGE_ORDER, "source": "voucher", "provider": "mobilemoney-session", "amount": 10000, "credit_amount": 333,
    "rate_tzs_per_credit": 30.0, "leftover_tzs": 10, "package_id": None,
    "checkout_url": f"https://checkout.example/pay/{_ORDER_ID.replace('-', '')}",
    "checkout_message": f"Open https://checkout.example/pay/{_ORDER_ID.replace('-', '')} to pay 10,000 TZS for 333 "
                        "credits with mobile money.",
}
EXAMPLES.update({
    ("createPackageOrder", "request"): {"package_id": 1, "provider": "mobilemoney", "phone": "0712345678"},
    ("createPackageOrder", "201"): _PACKAGE_ORDER,
    ("createVoucherOrder", "request"): {"amount": 10000, "provider": "mobilemoney-session", "phone": "0712345678"},
    ("createVoucherOrder", "201"): _VOUCHER_ORDER,
    ("getPaymentOrder", "200"): _PACKAGE_ORDER,
    ("listPaymentOrders", "200"): {"orders": [_VOUCHER_ORDER, _PACKAGE_ORDER], "page": 1, "per_page": 25, "total": 2},
    ("sendPayerOtp", "request"): {"phone": "0754000111"},
    ("sendPayerOtp", "200"): {"phone": "+255754000111", "status": "sent", "expires_in": 300},
    ("verifyPayerPhone", "200"): {"phone": "+255754000111", "verified": True, "verified_at": _AT},
})

_BY_ACCESS_TOKEN = {"header.Authorization": "$request.header.Authorization"}
_NEW_LIST = {"path.list_id": "$response.body#/data/id", **_BY_ACCESS_TOKEN}
_FIRST_CONTACT = {"path.list_id": "$request.path.list_id", "path.contact_id": "$response.body#/data/contacts/0/id",
                  **_BY_ACCESS_TOKEN}
_NEW_CONTACT = {"path.list_id": "$request.path.list_id", "path.contact_id": "$response.body#/data/id",
                **_BY_ACCESS_TOKEN}

LINKS: dict[tuple[str, str], dict[str, Link]] = {
    ("register", "201"): {
        "LogIn": Link(operation_id="login", description="Log in as the account just registered.",
                      request_body={"email": "$request.body#/email", "password": "$request.body#/password"}),
        "ForgotPassword": Link(operation_id="forgotPassword", description="Ask for a reset link for the account.",
                               request_body={"email": "$request.body#/email"}),
    },
    ("login", "200"): {
        "CreateApiKey": Link(operation_id="createApiKey", description="Create an API key with the access token.",
                             parameters={"header.Authorization": "Bearer {$response.body#/data/access_token}"}),
        "Me": Link(operation_id="me", description="The profile of the account logged in.",
                   parameters={"header.Authorization": "Bearer {$response.body#/data/access_token}"}),
        "LogOut": Link(operation_id="logout", description="End the session just opened.",
                       request_body={"refresh_token": "$response.body#/data/refresh_token"}),
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
    ("createContactList", "201"): {
        "GetContactList": Link(operation_id="getContactList", description="The list just created.",
                               parameters=_NEW_LIST),
        "UpdateContactList": Link(operation_id="updateContactList", description="Rename the list just created.",
                                  parameters=_NEW_LIST, request_body={"name": "Wateja wapya"}),
        "DeleteContactList": Link(operation_id="deleteContactList", description="Delete the list just created.",
                                  parameters=_NEW_LIST),
        "ListContacts": Link(operation_id="listContacts", description="The contacts of the list just created.",
                             parameters=_NEW_LIST),
        "AddContact": Link(operation_id="addContact", description="Add a contact to the list just created.",
                           parameters=_NEW_LIST, request_body={"first_name": "Amina", "phone": "0712345678"}),
    },
    ("listContactLists", "200"): {
        "DefaultListContacts": Link(operation_id="listContacts", description="The contacts of the default list.",
                                    parameters={"path.list_id": "$response.body#/data/lists/0/id", **_BY_ACCESS_TOKEN}),
        "AddToDefaultList": Link(operation_id="addContact", description="Add a contact to the default list.",
                                 parameters={"path.list_id": "$response.body#/data/lists/0/id", **_BY_ACCESS_TOKEN},
                                 request_body={"first_name": "Baraka", "phone": "0687654321"}),
    },
    ("listContacts", "200"): {
        "GetFirstContact": Link(operation_id="getContact", description="The list's first contact.",
                                parameters=_FIRST_CONTACT),
        "UpdateFirstContact": Link(operation_id="updateContact", description="Change the list's first contact.",
                                   parameters=_FIRST_CONTACT, request_body={"email": "baraka@example.com"}),
        "AddPhoneToFirstContact": Link(operation_id="addContactPhone", description="Give the first contact a number.",
                                       parameters=_FIRST_CONTACT, request_body={"phone": "0754123456"}),
        "DeleteFirstContactPhone": Link(
            operation_id="deleteContactPhone", description="Remove the first contact's first extra number.",
            parameters={**_FIRST_CONTACT, "path.phone_id": "$response.body#/data/contacts/0/phones/0/id"}),
    },
    ("addContact", "200"): {
        "GetContact": Link(operation_id="getContact", description="The contact just added.", parameters=_NEW_CONTACT),
        "UpdateContact": Link(operation_id="updateContact", description="Change the contact just added.",
                              parameters=_NEW_CONTACT, request_body={"last_name": "Juma"}),
        "DeleteContact": Link(operation_id="deleteContact", description="Delete the contact just added.",
                              parameters=_NEW_CONTACT),
        "AddContactPhone": Link(operation_id="addContactPhone", description="Give the contact an extra number.",
                                parameters=_NEW_CONTACT, request_body={"phone": "0765432109"}),
    },
    ("addContactPhone", "200"): {
        "DeleteContactPhone": Link(operation_id="deleteContactPhone", description="Remove the number just added.",
                                   parameters={"path.list_id": "$request.path.list_id",
                                               "path.contact_id": "$request.path.contact_id",
                                               "path.phone_id": "$response.body#/data/id", **_BY_ACCESS_TOKEN}),
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
