// Generated from ujumbe's OpenAPI document by scripts/generate.mjs (openapi-typescript): do not edit.

export interface paths {
    "/health/detail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Service health with every SMPP bind's detail */
        get: operations["healthDetail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Service health */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** Service health, status only */
        head: operations["healthHead"];
        patch?: never;
        trace?: never;
    };
    "/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers */
        get: operations["healthLive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: every dependency answers */
        get: operations["healthReady"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics */
        get: operations["metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Login */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Me */
        get: operations["me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Refresh */
        post: operations["refresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register */
        post: operations["register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/send-phone-otp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** SendPhoneOtp */
        post: operations["sendPhoneOtp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/verify-phone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** VerifyPhone */
        post: operations["verifyPhone"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/change-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** ChangePassword */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** ForgotPassword */
        post: operations["forgotPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Logout */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/logout-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** LogoutAll */
        post: operations["logoutAll"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** ResetPassword */
        post: operations["resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/send-email-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** SendEmailVerification */
        post: operations["sendEmailVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** VerifyEmail */
        post: operations["verifyEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** ListKeys */
        get: operations["listApiKeys"];
        put?: never;
        /** Create */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sms/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Quote */
        post: operations["quoteSms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sms/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** ListLogs */
        get: operations["listMessageLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rates/{country}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GetRate */
        get: operations["getCountryRate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/packages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** ListPackages */
        get: operations["listPackages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** ListRates */
        get: operations["listCountryRates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** ListTemplates */
        get: operations["listTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/vouchers/rate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** VoucherRateCard */
        get: operations["getVoucherRateCard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/credits/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Balance */
        get: operations["getCreditBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/credits/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** History */
        get: operations["getCreditHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sms/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Bulk */
        post: operations["sendBulkSms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send */
        post: operations["sendSms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sms/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** SendFromDashboard */
        post: operations["sendSmsFromDashboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sender-ids": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** ListSenderIds */
        get: operations["listSenderIds"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhook_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** DeleteWebhook */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhook_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Deliveries */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** ListWebhooks */
        get: operations["listWebhooks"];
        put?: never;
        /** Register */
        post: operations["registerWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** ListNotifications */
        get: operations["listNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/notifications/{notification_id}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** MarkRead */
        post: operations["markNotificationRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sms/inbound": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** ListInbound */
        get: operations["listInboundSms"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contact-lists/{list_id}/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** ListContacts */
        get: operations["listContacts"];
        put?: never;
        /** AddContact */
        post: operations["addContact"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contact-lists/{list_id}/contacts/{contact_id}/phones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** AddPhone */
        post: operations["addContactPhone"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contact-lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** ListLists */
        get: operations["listContactLists"];
        put?: never;
        /** CreateList */
        post: operations["createContactList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contact-lists/{list_id}/contacts/{contact_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GetContact */
        get: operations["getContact"];
        /** UpdateContact */
        put: operations["updateContact"];
        post?: never;
        /** DeleteContact */
        delete: operations["deleteContact"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contact-lists/{list_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GetList */
        get: operations["getContactList"];
        /** UpdateList */
        put: operations["updateContactList"];
        post?: never;
        /** DeleteList */
        delete: operations["deleteContactList"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contact-lists/{list_id}/contacts/{contact_id}/phones/{phone_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** DeletePhone */
        delete: operations["deleteContactPhone"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contact-lists/{list_id}/contacts/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** ExportContacts */
        get: operations["exportContacts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contact-lists/{list_id}/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** ImportContacts */
        post: operations["importContacts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campaigns/{campaign_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel */
        post: operations["cancelCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** ListCampaigns */
        get: operations["listCampaigns"];
        put?: never;
        /** Create */
        post: operations["createCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campaigns/{campaign_id}/messages/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Export */
        get: operations["exportCampaignMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campaigns/{campaign_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GetCampaign */
        get: operations["getCampaign"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campaigns/{campaign_id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Messages */
        get: operations["listCampaignMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campaigns/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Preview */
        post: operations["previewCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** ListOrders */
        get: operations["listPaymentOrders"];
        put?: never;
        /** Create */
        post: operations["createPackageOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{order_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GetOrder */
        get: operations["getPaymentOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/vouchers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create */
        post: operations["createVoucherOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/vouchers/otp/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** SendOtp */
        post: operations["sendPayerOtp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/vouchers/otp/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** VerifyOtp */
        post: operations["verifyPayerPhone"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/callback/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive
         * @description Each client IP may post 120 callbacks a minute; past that, 429 `rate_limit_exceeded` (with `Retry-After`), and nothing is read or recorded.
         */
        post: operations["receivePaymentCallback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** AccountProfile */
        AccountProfile: {
            id: string;
            email: string;
            business_name: string;
            plan: string;
            email_verified: boolean;
            phone_verified: boolean;
            phone: string | null;
            /** Format: date-time */
            created_at: string;
        };
        /** AccountProfileEnvelope */
        AccountProfileEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["AccountProfile"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** AddContactRequest */
        AddContactRequest: {
            first_name?: string | null;
            last_name?: string | null;
            /** @description A Tanzanian mobile number, local (07XXXXXXXX, 06XXXXXXXX) or international (+2557XXXXXXXX); spaces, dots, dashes and brackets are ignored. Another number is refused: 403 invalid_phone_number (one bad number in a bulk fails that recipient only). */
            phone: string;
            email?: string | null;
        } & {
            [key: string]: unknown;
        };
        /** AddPhoneRequest */
        AddPhoneRequest: {
            /** @description A Tanzanian mobile number, local (07XXXXXXXX, 06XXXXXXXX) or international (+2557XXXXXXXX); spaces, dots, dashes and brackets are ignored. Another number is refused: 403 invalid_phone_number (one bad number in a bulk fails that recipient only). */
            phone: string;
        } & {
            [key: string]: unknown;
        };
        /** ApiKey */
        ApiKey: {
            id: string;
            prefix: string;
            name: string;
            /** Format: date-time */
            created_at: string;
            last_used_at: string | null;
        };
        /** ApiKeyList */
        ApiKeyList: {
            api_keys: components["schemas"]["ApiKey"][];
        };
        /** ApiKeyListEnvelope */
        ApiKeyListEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["ApiKeyList"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** Attempt */
        Attempt: {
            attempt: number;
            /** Format: date-time */
            attempted_at: string;
            status_code: number | null;
            error: string | null;
            duration_ms: number;
        };
        /** Balance */
        Balance: {
            account_id: string;
            balance: number;
        };
        /** BalanceEnvelope */
        BalanceEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["Balance"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** BindHealth */
        BindHealth: {
            name: string;
            address: string;
            system_id: string;
            state: string;
            carriers: string[];
            window: number;
            in_flight: number;
            tps_limit: number;
            tps: number;
            submitted: number;
            bound_since: string | null;
            last_error: string | null;
        };
        /** BulkEntry */
        BulkEntry: {
            to: string;
            /** @enum {string} */
            status: "sent" | "failed" | "pending";
            message_id?: string | null;
            credits_used?: number | null;
            error?: string | null;
        };
        /** BulkRequest */
        BulkRequest: {
            to: string[];
            message: string;
            from?: string | null;
        } & {
            [key: string]: unknown;
        };
        /** BulkResult */
        BulkResult: {
            total: number;
            sent: number;
            failed: number;
            pending: number;
            results: components["schemas"]["BulkEntry"][];
            batch_id: string;
            credits_used: number;
            from: string;
            requested_from: string | null;
        };
        /** BulkResultEnvelope */
        BulkResultEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["BulkResult"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** Campaign */
        Campaign: {
            id: string;
            name: string;
            message: string;
            status: components["schemas"]["CampaignStatus"];
            contact_list_id: string;
            sender_id: string | null;
            total_contacts: number;
            sent_count: number;
            delivered_count: number;
            failed_count: number;
            scheduled_at: string | null;
            /** Format: date-time */
            created_at: string;
            completed_at: string | null;
            failure_reason: string | null;
        };
        /** CampaignEnvelope */
        CampaignEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["Campaign"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** CampaignMessage */
        CampaignMessage: {
            message_id: string;
            to: string;
            from: string;
            status: components["schemas"]["MessageStatus"];
            message: string;
            credits_used: number;
            sms_parts: number;
            error: string | null;
            /** Format: date-time */
            created_at: string;
            sent_at: string | null;
            delivered_at: string | null;
        };
        /** CampaignMessagePage */
        CampaignMessagePage: {
            messages: components["schemas"]["CampaignMessage"][];
            page: number;
            per_page: number;
            total: number;
        };
        /** CampaignMessagePageEnvelope */
        CampaignMessagePageEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["CampaignMessagePage"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** CampaignPage */
        CampaignPage: {
            campaigns: components["schemas"]["Campaign"][];
            page: number;
            per_page: number;
            total: number;
        };
        /** CampaignPageEnvelope */
        CampaignPageEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["CampaignPage"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** CampaignRequest */
        CampaignRequest: {
            name: string;
            message: string;
            /**
             * Format: uuid
             * @description A contact list of the account (a uuid; another form is 400 validation_error, an unknown list 404).
             */
            contact_list_id: string;
            sender_id?: string | null;
            /** @description When to send: an ISO 8601 date-time; without an offset it is East Africa Time (UTC+03:00). Omitted or past: sent now. */
            scheduled_at?: string | null;
        } & {
            [key: string]: unknown;
        };
        /**
         * CampaignStatus
         * @enum {string}
         */
        CampaignStatus: "draft" | "scheduled" | "running" | "completed" | "failed";
        /** ChangePasswordRequest */
        ChangePasswordRequest: {
            current_password: string;
            new_password: string;
        } & {
            [key: string]: unknown;
        };
        /** Contact */
        Contact: {
            id: string;
            list_id: string;
            first_name: string;
            last_name: string;
            phone: string;
            email: string;
            phones: components["schemas"]["ContactPhone"][];
            opted_out: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** ContactEnvelope */
        ContactEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["Contact"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** ContactList */
        ContactList: {
            id: string;
            name: string;
            description: string;
            contact_count: number;
            is_default: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** ContactListEnvelope */
        ContactListEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["ContactList"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** ContactListPage */
        ContactListPage: {
            lists: components["schemas"]["ContactList"][];
            page: number;
            per_page: number;
            total: number;
        };
        /** ContactListPageEnvelope */
        ContactListPageEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["ContactListPage"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** ContactListWithContacts */
        ContactListWithContacts: {
            id: string;
            name: string;
            description: string;
            contact_count: number;
            is_default: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            contacts: components["schemas"]["Contact"][];
            page: number;
            per_page: number;
        };
        /** ContactListWithContactsEnvelope */
        ContactListWithContactsEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["ContactListWithContacts"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** ContactPage */
        ContactPage: {
            contacts: components["schemas"]["Contact"][];
            page: number;
            per_page: number;
            total: number;
        };
        /** ContactPageEnvelope */
        ContactPageEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["ContactPage"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** ContactPhone */
        ContactPhone: {
            id: string;
            phone: string;
            opted_out: boolean;
            /** Format: date-time */
            created_at: string;
        };
        /** ContactPhoneEnvelope */
        ContactPhoneEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["ContactPhone"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** CountryRate */
        CountryRate: {
            name: string;
            iso2: string;
            dial_code: string;
            rate_tzs: number;
        };
        /** CountryRateEnvelope */
        CountryRateEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["CountryRate"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** CountryRateListEnvelope */
        CountryRateListEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["CountryRate"][];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** CreateApiKeyRequest */
        CreateApiKeyRequest: {
            name?: string | null;
        } & {
            [key: string]: unknown;
        };
        /** CreateContactListRequest */
        CreateContactListRequest: {
            name: string;
            description?: string | null;
        } & {
            [key: string]: unknown;
        };
        /** CreatedApiKey */
        CreatedApiKey: {
            id: string;
            key: string;
            prefix: string;
            name: string;
            /** Format: date-time */
            created_at: string;
        };
        /** CreatedApiKeyEnvelope */
        CreatedApiKeyEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["CreatedApiKey"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** CreatedWebhook */
        CreatedWebhook: {
            id: string;
            url: string;
            events: string[];
            secret: string;
            enabled: boolean;
            /** Format: date-time */
            created_at: string;
        };
        /** CreatedWebhookEnvelope */
        CreatedWebhookEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["CreatedWebhook"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** CreditHistory */
        CreditHistory: {
            transactions: components["schemas"]["Transaction"][];
            page: number;
            per_page: number;
            total: number;
        };
        /** CreditHistoryEnvelope */
        CreditHistoryEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["CreditHistory"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** Delivery */
        Delivery: {
            id: string;
            event_id: string;
            event_type: string;
            status: components["schemas"]["DeliveryStatus"];
            attempts: number;
            last_status_code: number | null;
            last_error: string | null;
            next_retry_at: string | null;
            /** Format: date-time */
            created_at: string;
            completed_at: string | null;
            history: components["schemas"]["Attempt"][];
        };
        /** DeliveryList */
        DeliveryList: {
            deliveries: components["schemas"]["Delivery"][];
            page: number;
            per_page: number;
            total: number;
        };
        /** DeliveryListEnvelope */
        DeliveryListEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["DeliveryList"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /**
         * DeliveryStatus
         * @enum {string}
         */
        DeliveryStatus: "pending" | "succeeded" | "failed";
        /** EmailQueued */
        EmailQueued: {
            /** @default queued */
            status: string;
        };
        /** EmailQueuedEnvelope */
        EmailQueuedEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["EmailQueued"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** EmptyEnvelope */
        EmptyEnvelope: {
            /** @constant */
            success: true;
            data: null;
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /**
         * EntryType
         * @enum {string}
         */
        EntryType: "purchase" | "deduct" | "refund" | "grant";
        /** Error */
        Error: {
            code: string;
            message: string;
            field?: string;
        };
        /** ErrorEnvelope */
        ErrorEnvelope: {
            /** @constant */
            success: false;
            data: null;
            error: components["schemas"]["Error"];
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** ForgotPasswordRequest */
        ForgotPasswordRequest: {
            email: string;
        } & {
            [key: string]: unknown;
        };
        /** GatewayHealth */
        GatewayHealth: {
            kind: string;
            status: string;
            binds: components["schemas"]["BindHealth"][];
        };
        /** GatewayState */
        GatewayState: {
            status: string;
            bound: number;
            binds: number;
        };
        /** Health */
        Health: {
            status: string;
            database: string;
            worker: string;
            gateway: components["schemas"]["GatewayState"];
        };
        /** HealthDetail */
        HealthDetail: {
            status: string;
            database: string;
            worker: string;
            worker_error: string | null;
            jobs: components["schemas"]["JobsDepth"];
            gateway: components["schemas"]["GatewayHealth"];
        };
        /** HealthDetailEnvelope */
        HealthDetailEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["HealthDetail"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** HealthEnvelope */
        HealthEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["Health"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** ImportReport */
        ImportReport: {
            imported: number;
            skipped: number;
            errors: components["schemas"]["RowError"][];
        };
        /** ImportReportEnvelope */
        ImportReportEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["ImportReport"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** Inbound */
        Inbound: {
            id: string;
            from: string;
            to: string | null;
            message: string;
            action: components["schemas"]["OptOutAction"] | null;
            /** Format: date-time */
            received_at: string;
        };
        /** InboundList */
        InboundList: {
            messages: components["schemas"]["Inbound"][];
            page: number;
            per_page: number;
            total: number;
        };
        /** InboundListEnvelope */
        InboundListEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["InboundList"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** JobsDepth */
        JobsDepth: {
            todo: number;
            doing: number;
            failed: number;
        };
        /** Liveness */
        Liveness: {
            status: string;
        };
        /** LivenessEnvelope */
        LivenessEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["Liveness"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** LoginRequest */
        LoginRequest: {
            email: string;
            password: string;
        } & {
            [key: string]: unknown;
        };
        /** LogoutRequest */
        LogoutRequest: {
            refresh_token: string;
        } & {
            [key: string]: unknown;
        };
        /** ManualVoucherOrderRequest */
        ManualVoucherOrderRequest: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            provider: "manual";
        } & {
            [key: string]: unknown;
        };
        /** MessageLog */
        MessageLog: {
            message_id: string;
            to: string;
            from: string;
            requested_from: string | null;
            status: components["schemas"]["MessageStatus"];
            message: string;
            cost: string;
            credits_used: number;
            sms_parts: number;
            segments: number;
            encoding: string;
            carrier: string;
            error: string | null;
            batch_id: string | null;
            /** Format: date-time */
            created_at: string;
            delivered_at: string | null;
        };
        /** MessageLogPage */
        MessageLogPage: {
            messages: components["schemas"]["MessageLog"][];
            page: number;
            per_page: number;
            total: number;
        };
        /** MessageLogPageEnvelope */
        MessageLogPageEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["MessageLogPage"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /**
         * MessageStatus
         * @enum {string}
         */
        MessageStatus: "pending" | "sent" | "delivered" | "failed";
        /** MobileMoneyVoucherOrderRequest */
        MobileMoneyVoucherOrderRequest: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            provider: "mobilemoney" | "mobilemoney-session";
            /** @description Required for mobilemoney and mobilemoney-session (else 400 validation_error, field phone); optional for manual. The payer's Tanzanian mobile number, verified for the account first, as for a package (else 409 phone_not_verified). */
            phone: string;
        } & {
            [key: string]: unknown;
        };
        /** Notification */
        Notification: {
            id: string;
            type: components["schemas"]["NotificationKind"];
            title: string;
            message: string;
            data: {
                [key: string]: unknown;
            };
            read: boolean;
            read_at: string | null;
            /** Format: date-time */
            created_at: string;
        };
        /** NotificationEnvelope */
        NotificationEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["Notification"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /**
         * NotificationKind
         * @enum {string}
         */
        NotificationKind: "low_balance" | "payment" | "campaign" | "announcement";
        /** NotificationList */
        NotificationList: {
            notifications: components["schemas"]["Notification"][];
            unread: number;
            page: number;
            per_page: number;
            total: number;
        };
        /** NotificationListEnvelope */
        NotificationListEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["NotificationList"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /**
         * OptOutAction
         * @enum {string}
         */
        OptOutAction: "stop" | "start";
        /** OtpSent */
        OtpSent: {
            phone: string;
            /** @enum {string} */
            status: "sent" | "failed" | "pending";
            expires_in: number;
        };
        /** OtpSentEnvelope */
        OtpSentEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["OtpSent"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** Package */
        Package: {
            id: number;
            name: string;
            credits: number;
            price_tzs: number;
            price_per_credit: number;
        };
        /** PackageListEnvelope */
        PackageListEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["Package"][];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** PackageOrderRequest */
        PackageOrderRequest: {
            /** @description A package on sale (GET /v1/packages); another is 404. */
            package_id: number;
            /** @enum {string} */
            provider: "mobilemoney";
            /** @description The payer's Tanzanian mobile number, verified for the account first: the account's own verified phone, or one verified with POST /v1/vouchers/otp/send and /otp/verify (else 409 phone_not_verified). */
            phone: string;
        } & {
            [key: string]: unknown;
        };
        /** PayerOtpVerifyRequest */
        PayerOtpVerifyRequest: {
            /** @description A Tanzanian mobile number, local (07XXXXXXXX, 06XXXXXXXX) or international (+2557XXXXXXXX); spaces, dots, dashes and brackets are ignored. Another number is refused: 403 invalid_phone_number (one bad number in a bulk fails that recipient only). */
            phone: string;
            /** @description The 6-digit code sent to the phone. */
            otp: string;
        } & {
            [key: string]: unknown;
        };
        /** PayerPhone */
        PayerPhone: {
            phone: string;
            verified: boolean;
            /** Format: date-time */
            verified_at: string;
        };
        /** PayerPhoneEnvelope */
        PayerPhoneEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["PayerPhone"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** PaymentCallback */
        PaymentCallback: {
            /** @enum {string} */
            outcome: "applied" | "repeat" | "waiting" | "refused";
            reason: string | null;
        };
        /** PaymentCallbackEnvelope */
        PaymentCallbackEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["PaymentCallback"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** PaymentOrder */
        PaymentOrder: {
            id: string;
            reference: string;
            status: components["schemas"]["PaymentStatus"];
            source: string;
            provider: string;
            amount: number;
            currency: string;
            credit_amount: number;
            rate_tzs_per_credit: number | null;
            leftover_tzs: number;
            checkout_message: string;
            checkout_url: string | null;
            package_id: number | null;
            phone: string | null;
            failure_reason: string | null;
            /** Format: date-time */
            created_at: string;
            confirmed_at: string | null;
            failed_at: string | null;
        };
        /** PaymentOrderEnvelope */
        PaymentOrderEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["PaymentOrder"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** PaymentOrderPage */
        PaymentOrderPage: {
            orders: components["schemas"]["PaymentOrder"][];
            page: number;
            per_page: number;
            total: number;
        };
        /** PaymentOrderPageEnvelope */
        PaymentOrderPageEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["PaymentOrderPage"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /**
         * PaymentStatus
         * @enum {string}
         */
        PaymentStatus: "pending" | "confirmed" | "failed";
        /** PhoneOtpRequest */
        PhoneOtpRequest: {
            /** @description A Tanzanian mobile number, local (07XXXXXXXX, 06XXXXXXXX) or international (+2557XXXXXXXX); spaces, dots, dashes and brackets are ignored. Another number is refused: 403 invalid_phone_number (one bad number in a bulk fails that recipient only). */
            phone: string;
        } & {
            [key: string]: unknown;
        };
        /** Preview */
        Preview: {
            contacts: number;
            numbers: number;
            recipients: number;
            opted_out: number;
            credits: number;
            balance: number;
            from: string;
            requested_from: string | null;
            samples: components["schemas"]["Sample"][];
        };
        /** PreviewEnvelope */
        PreviewEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["Preview"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** Quote */
        Quote: {
            to: string | null;
            country: string;
            encoding: string;
            characters: number;
            units: number;
            parts: number;
            segments: number;
            non_gsm_characters: string[];
            credits: number;
            sendable: boolean;
            reason: string | null;
            smart_encoded: components["schemas"]["SmartEncoded"];
        };
        /** QuoteEnvelope */
        QuoteEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["Quote"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** QuoteRequest */
        QuoteRequest: {
            message: string;
            to?: string | null;
            from?: string | null;
        } & {
            [key: string]: unknown;
        };
        /** Readiness */
        Readiness: {
            status: string;
            database: string;
            jobs: string;
            gateway: components["schemas"]["GatewayState"];
            mobile_money: string;
        };
        /** ReadinessEnvelope */
        ReadinessEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["Readiness"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** RefreshRequest */
        RefreshRequest: {
            refresh_token: string;
        } & {
            [key: string]: unknown;
        };
        /** RegisterRequest */
        RegisterRequest: {
            email: string;
            password: string;
            business_name?: string | null;
        } & {
            [key: string]: unknown;
        };
        /** RegisterWebhookRequest */
        RegisterWebhookRequest: {
            url: string;
            events?: string[] | null;
        } & {
            [key: string]: unknown;
        };
        /** Replacement */
        Replacement: {
            original: string;
            replacement: string;
        };
        /** ResetPasswordRequest */
        ResetPasswordRequest: {
            /** @description The token from the emailed link (its `token` query parameter). */
            token: string;
            new_password: string;
        } & {
            [key: string]: unknown;
        };
        /** RowError */
        RowError: {
            /** @description The row as a spreadsheet numbers it: the header is row 1. */
            row: number;
            /** @description Why the row was left out: invalid_phone_number (the number or an extra number), duplicate_contact (a number already in the list or in an earlier row), contact_list_full (the list holds 100,000), invalid_name, invalid_email, too_many_phone_numbers (over 10 extra numbers), invalid_encoding (bytes that are not UTF-8); for the whole file, on its header row: missing_phone_column, empty_file; too_many_rows on the first row past 100,000 (nothing after it is read); unreadable_file where a file stops being readable (a quote never closed, a workbook's cell that cannot be read): nothing of it is imported. */
            error: string;
        };
        /** Sample */
        Sample: {
            to: string;
            message: string;
            credits: number;
        };
        /** SendRequest */
        SendRequest: {
            /** @description A Tanzanian mobile number, local (07XXXXXXXX, 06XXXXXXXX) or international (+2557XXXXXXXX); spaces, dots, dashes and brackets are ignored. Another number is refused: 403 invalid_phone_number (one bad number in a bulk fails that recipient only). */
            to: string;
            message: string;
            from?: string | null;
        } & {
            [key: string]: unknown;
        };
        /** SendResult */
        SendResult: {
            message_id: string;
            /** @enum {string} */
            status: "sent" | "failed" | "pending";
            cost: string;
            credits_used: number;
            to: string;
            from: string;
            requested_from: string | null;
            sms_parts: number;
            segments: number;
            encoding: string;
            carrier: string;
            error: string | null;
        };
        /** SendResultEnvelope */
        SendResultEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["SendResult"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** SenderId */
        SenderId: {
            sender_id: string;
            /** Format: date-time */
            created_at: string;
        };
        /** SenderIds */
        SenderIds: {
            sender_ids: components["schemas"]["SenderId"][];
            default_sender: string;
        };
        /** SenderIdsEnvelope */
        SenderIdsEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["SenderIds"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** SessionsEnded */
        SessionsEnded: {
            sessions_ended: number;
        };
        /** SessionsEndedEnvelope */
        SessionsEndedEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["SessionsEnded"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** SmartEncoded */
        SmartEncoded: {
            message: string;
            encoding: string;
            characters: number;
            parts: number;
            segments: number;
            credits: number;
            replaced: components["schemas"]["Replacement"][];
        };
        /** Template */
        Template: {
            id: string;
            name: string;
            category: string;
            body: string;
            placeholders: string[];
            encoding: string;
            parts: number;
        };
        /** TemplateListEnvelope */
        TemplateListEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["Template"][];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** TokenPair */
        TokenPair: {
            access_token: string;
            refresh_token: string;
            expires_in: number;
            /** @default Bearer */
            token_type: string;
        };
        /** TokenPairEnvelope */
        TokenPairEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["TokenPair"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** Transaction */
        Transaction: {
            id: string;
            type: components["schemas"]["EntryType"];
            status: string;
            amount: number;
            balance_after: number;
            description: string;
            /** Format: date-time */
            created_at: string;
        };
        /** UpdateContactListRequest */
        UpdateContactListRequest: {
            name?: string | null;
            description?: string | null;
        } & {
            [key: string]: unknown;
        };
        /** UpdateContactRequest */
        UpdateContactRequest: {
            first_name?: string | null;
            last_name?: string | null;
            /** @description A Tanzanian mobile number, local (07XXXXXXXX, 06XXXXXXXX) or international (+2557XXXXXXXX); spaces, dots, dashes and brackets are ignored. Another number is refused: 403 invalid_phone_number (one bad number in a bulk fails that recipient only). */
            phone?: string | null;
            email?: string | null;
        } & {
            [key: string]: unknown;
        };
        /** VerifyEmailRequest */
        VerifyEmailRequest: {
            /** @description The token from the emailed link (its `token` query parameter). */
            token: string;
        } & {
            [key: string]: unknown;
        };
        /** VerifyPhoneRequest */
        VerifyPhoneRequest: {
            /** @description A Tanzanian mobile number, local (07XXXXXXXX, 06XXXXXXXX) or international (+2557XXXXXXXX); spaces, dots, dashes and brackets are ignored. Another number is refused: 403 invalid_phone_number (one bad number in a bulk fails that recipient only). */
            phone: string;
            /** @description The 6-digit code sent to the phone. */
            otp: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * VoucherOrderRequest
         * @description By provider: either mobile-money provider takes the payer's phone (required, a string); manual takes it or not.
         */
        VoucherOrderRequest: ({
            /** @description TZS, at least the rate card's min_amount_tzs (GET /v1/vouchers/rate); below it, 400 validation_error. */
            amount: number;
            /**
             * @description mobilemoney: a USSD prompt to `phone`; mobilemoney-session: a hosted checkout page for `phone`, its link in checkout_message and checkout_url; manual: paid by hand, quoting the reference, and confirmed by an operator.
             * @enum {string}
             */
            provider: "mobilemoney" | "mobilemoney-session" | "manual";
            /** @description Required for mobilemoney and mobilemoney-session (else 400 validation_error, field phone); optional for manual. The payer's Tanzanian mobile number, verified for the account first, as for a package (else 409 phone_not_verified). */
            phone?: string | null;
        } & {
            [key: string]: unknown;
        }) & (components["schemas"]["MobileMoneyVoucherOrderRequest"] | components["schemas"]["ManualVoucherOrderRequest"]);
        /** VoucherRateCard */
        VoucherRateCard: {
            min_amount_tzs: number;
            tiers: components["schemas"]["VoucherTier"][];
        };
        /** VoucherRateCardEnvelope */
        VoucherRateCardEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["VoucherRateCard"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
        /** VoucherTier */
        VoucherTier: {
            max_amount_tzs: number | null;
            rate_tzs_per_credit: number;
        };
        /** Webhook */
        Webhook: {
            id: string;
            url: string;
            events: string[];
            enabled: boolean;
            disabled_reason: string | null;
            /** Format: date-time */
            created_at: string;
        };
        /** WebhookList */
        WebhookList: {
            webhooks: components["schemas"]["Webhook"][];
        };
        /** WebhookListEnvelope */
        WebhookListEnvelope: {
            /** @constant */
            success: true;
            data: components["schemas"]["WebhookList"];
            error: null;
            /** Format: uuid */
            request_id: string;
            /** Format: date-time */
            timestamp: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    healthDetail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthDetailEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency does not answer (the database, its job queue, or, for readiness, every SMPP bind); the message names it. */
            503: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency does not answer (the database, its job queue, or, for readiness, every SMPP bind); the message names it. */
            503: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    healthHead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `service_unavailable`: A dependency does not answer (the database, its job queue, or, for readiness, every SMPP bind); the message names it. */
            503: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    healthLive: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LivenessEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    healthReady: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadinessEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency does not answer (the database, its job queue, or, for readiness, every SMPP bind); the message names it. */
            503: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every metric, in Prometheus' text exposition format 0.0.4. */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain; version=0.0.4; charset=utf-8": string;
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginRequest"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenPairEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `invalid_credentials`: Email or password is wrong. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is over 32768 bytes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountProfileEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    refresh: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefreshRequest"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenPairEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is over 32768 bytes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    register: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisterRequest"];
            };
        };
        responses: {
            /** @description Document created, URL follows */
            201: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountProfileEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `email_taken`: An account with this email already exists. */
            409: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is over 32768 bytes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    sendPhoneOtp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PhoneOtpRequest"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtpSentEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource.; `invalid_phone_number`: The phone number is not a valid Tanzanian mobile number. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is over 32768 bytes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `otp_throttled`: Too many codes requested: a number gets 1 a minute and 5 an hour, whichever accounts ask; an account asks for 5 numbers an hour; a client IP for 10 codes an hour. Ask again after Retry-After seconds.; `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    verifyPhone: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VerifyPhoneRequest"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountProfileEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid.; `invalid_otp`: The code is wrong or has expired. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource.; `invalid_phone_number`: The phone number is not a valid Tanzanian mobile number. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is over 32768 bytes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangePasswordRequest"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenPairEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials.; `invalid_credentials`: Email or password is wrong. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is over 32768 bytes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    forgotPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ForgotPasswordRequest"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailQueuedEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is over 32768 bytes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LogoutRequest"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmptyEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is over 32768 bytes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    logoutAll: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionsEndedEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResetPasswordRequest"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmptyEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid.; `invalid_token`: The link is invalid or has expired; ask for a new one. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is over 32768 bytes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    sendEmailVerification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailQueuedEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    verifyEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VerifyEmailRequest"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountProfileEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid.; `invalid_token`: The link is invalid or has expired; ask for a new one. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is over 32768 bytes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyListEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CreateApiKeyRequest"] | null;
            };
        };
        responses: {
            /** @description Document created, URL follows */
            201: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiKeyEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is over 32768 bytes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmptyEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The resource does not exist. */
            404: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    quoteSms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QuoteRequest"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuoteEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `invalid_phone_number`: The phone number is not a valid Tanzanian mobile number. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `country_not_supported`: The country is not on the rate card. */
            404: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is over 65536 bytes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listMessageLogs: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Only messages in this status; empty for any. */
                status?: "" | "pending" | "sent" | "delivered" | "failed";
                /** @description A number in any written form (exact match), or text or part of a number. */
                search?: string;
                /** @description Only messages created from this moment: an ISO 8601 date (2026-01-31, midnight UTC) or date-time (2026-01-31T08:00, 2026-01-31 08:00:00Z, ...+03:00; UTC when it names no offset); empty for any. */
                date_from?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageLogPageEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getCountryRate: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of a copy the client holds: answered 304, no body, while it is current. */
                "If-None-Match"?: string;
            };
            path: {
                country: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description A strong tag of the data: send it back in `If-None-Match`. */
                    ETag: string;
                    /** @description `public, max-age=300`: public data, any cache may keep it. */
                    "Cache-Control": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CountryRateEnvelope"];
                };
            };
            /** @description Not Modified: the `ETag` named in `If-None-Match` is current; no body. */
            304: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description A strong tag of the data: send it back in `If-None-Match`. */
                    ETag: string;
                    /** @description `public, max-age=300`: public data, any cache may keep it. */
                    "Cache-Control": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `country_not_supported`: The country is not on the rate card. */
            404: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listPackages: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of a copy the client holds: answered 304, no body, while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description A strong tag of the data: send it back in `If-None-Match`. */
                    ETag: string;
                    /** @description `public, max-age=300`: public data, any cache may keep it. */
                    "Cache-Control": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PackageListEnvelope"];
                };
            };
            /** @description Not Modified: the `ETag` named in `If-None-Match` is current; no body. */
            304: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description A strong tag of the data: send it back in `If-None-Match`. */
                    ETag: string;
                    /** @description `public, max-age=300`: public data, any cache may keep it. */
                    "Cache-Control": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listCountryRates: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of a copy the client holds: answered 304, no body, while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description A strong tag of the data: send it back in `If-None-Match`. */
                    ETag: string;
                    /** @description `public, max-age=300`: public data, any cache may keep it. */
                    "Cache-Control": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CountryRateListEnvelope"];
                };
            };
            /** @description Not Modified: the `ETag` named in `If-None-Match` is current; no body. */
            304: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description A strong tag of the data: send it back in `If-None-Match`. */
                    ETag: string;
                    /** @description `public, max-age=300`: public data, any cache may keep it. */
                    "Cache-Control": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listTemplates: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of a copy the client holds: answered 304, no body, while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description A strong tag of the data: send it back in `If-None-Match`. */
                    ETag: string;
                    /** @description `public, max-age=300`: public data, any cache may keep it. */
                    "Cache-Control": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateListEnvelope"];
                };
            };
            /** @description Not Modified: the `ETag` named in `If-None-Match` is current; no body. */
            304: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description A strong tag of the data: send it back in `If-None-Match`. */
                    ETag: string;
                    /** @description `public, max-age=300`: public data, any cache may keep it. */
                    "Cache-Control": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getVoucherRateCard: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` of a copy the client holds: answered 304, no body, while it is current. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description A strong tag of the data: send it back in `If-None-Match`. */
                    ETag: string;
                    /** @description `public, max-age=300`: public data, any cache may keep it. */
                    "Cache-Control": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VoucherRateCardEnvelope"];
                };
            };
            /** @description Not Modified: the `ETag` named in `If-None-Match` is current; no body. */
            304: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description A strong tag of the data: send it back in `If-None-Match`. */
                    ETag: string;
                    /** @description `public, max-age=300`: public data, any cache may keep it. */
                    "Cache-Control": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getCreditBalance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BalanceEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getCreditHistory: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditHistoryEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    sendBulkSms: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 128 printable ASCII characters; a retry with the same key and body is answered from the first response for 24 hours. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BulkRequest"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description `true` when the response is a stored replay. */
                    "Idempotent-Replay"?: string;
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkResultEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_credits`: The credit balance is too low; top up and try again. */
            402: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_in_progress`: A request with this Idempotency-Key is still in progress. */
            409: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is over 65536 bytes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_reused`: This Idempotency-Key was already used with a different request. */
            422: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency does not answer (the database, its job queue, or, for readiness, every SMPP bind); the message names it. */
            503: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    sendSms: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 128 printable ASCII characters; a retry with the same key and body is answered from the first response for 24 hours. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SendRequest"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description `true` when the response is a stored replay. */
                    "Idempotent-Replay"?: string;
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SendResultEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_credits`: The credit balance is too low; top up and try again. */
            402: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource.; `invalid_phone_number`: The phone number is not a valid Tanzanian mobile number. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_in_progress`: A request with this Idempotency-Key is still in progress. */
            409: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is over 65536 bytes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_reused`: This Idempotency-Key was already used with a different request. */
            422: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency does not answer (the database, its job queue, or, for readiness, every SMPP bind); the message names it. */
            503: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    sendSmsFromDashboard: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 128 printable ASCII characters; a retry with the same key and body is answered from the first response for 24 hours. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SendRequest"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description `true` when the response is a stored replay. */
                    "Idempotent-Replay"?: string;
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SendResultEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_credits`: The credit balance is too low; top up and try again. */
            402: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource.; `invalid_phone_number`: The phone number is not a valid Tanzanian mobile number. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_in_progress`: A request with this Idempotency-Key is still in progress. */
            409: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is over 65536 bytes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_reused`: This Idempotency-Key was already used with a different request. */
            422: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency does not answer (the database, its job queue, or, for readiness, every SMPP bind); the message names it. */
            503: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listSenderIds: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SenderIdsEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmptyEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The resource does not exist. */
            404: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryListEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The resource does not exist. */
            404: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookListEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    registerWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisterWebhookRequest"];
            };
        };
        responses: {
            /** @description Document created, URL follows */
            201: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedWebhookEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is over 32768 bytes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listNotifications: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationListEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    markNotificationRead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                notification_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The resource does not exist. */
            404: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listInboundSms: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InboundListEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listContacts: {
        parameters: {
            query?: {
                /** @description Part of a first name, last name (or both, `Amina Juma`) or email, any case; or a number: a whole Tanzanian number in any written form (07…, 255…, +255…, spaced or dashed) finds the contact holding it as its main or an extra number, and three or more of its digits (0712, 345 678) find the contacts whose numbers hold them. Empty for every contact. */
                search?: string;
                page?: number;
                per_page?: number;
            };
            header?: never;
            path: {
                list_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactPageEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The resource does not exist. */
            404: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    addContact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                list_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddContactRequest"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource.; `invalid_phone_number`: The phone number is not a valid Tanzanian mobile number. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The resource does not exist. */
            404: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `duplicate_contact`: This phone number is already in the list.; `contact_list_full`: The contact list holds the most contacts a list may hold (100,000). */
            409: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is over 32768 bytes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    addContactPhone: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                list_id: string;
                contact_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddPhoneRequest"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactPhoneEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource.; `invalid_phone_number`: The phone number is not a valid Tanzanian mobile number. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The resource does not exist. */
            404: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `duplicate_contact`: This phone number is already in the list.; `too_many_phone_numbers`: The contact holds the most extra numbers a contact may hold (10). */
            409: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is over 32768 bytes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listContactLists: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactListPageEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createContactList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateContactListRequest"];
            };
        };
        responses: {
            /** @description Document created, URL follows */
            201: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactListEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is over 32768 bytes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getContact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                list_id: string;
                contact_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The resource does not exist. */
            404: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateContact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                list_id: string;
                contact_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateContactRequest"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource.; `invalid_phone_number`: The phone number is not a valid Tanzanian mobile number. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The resource does not exist. */
            404: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `duplicate_contact`: This phone number is already in the list. */
            409: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is over 32768 bytes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteContact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                list_id: string;
                contact_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmptyEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The resource does not exist. */
            404: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getContactList: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path: {
                list_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactListWithContactsEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The resource does not exist. */
            404: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateContactList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                list_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateContactListRequest"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactListEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The resource does not exist. */
            404: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is over 32768 bytes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteContactList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                list_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmptyEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The resource does not exist. */
            404: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `default_list_not_deletable`: The default contact list cannot be deleted. */
            409: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteContactPhone: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                list_id: string;
                contact_id: string;
                phone_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmptyEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The resource does not exist. */
            404: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    exportContacts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                list_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list's contacts as CSV, a header row first: phone, first_name, last_name, email, extra_phones (separated by `;`), opted_out (true or false). Numbers are E.164; a text cell that a spreadsheet would read as a formula starts with `'`. */
            200: {
                headers: {
                    /** @description attachment; filename="<list name>-contacts.csv" */
                    "Content-Disposition"?: string;
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The resource does not exist. */
            404: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    importContacts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                list_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The file in the field `file`: CSV (UTF-8 with or without a byte-order mark; comma, semicolon or tab between cells) or an Excel workbook (.xlsx, its first sheet). The first row names the columns, in any case: phone (or phone_number, msisdn, mobile, simu), first_name (or jina), last_name, email, extra_phones (numbers separated by `;`); others are ignored. At most 10000000 bytes (413 payload_too_large above) and 100,000 rows. A workbook is checked before it is read: its first sheet's cells may span at most 100,001 rows, 256 columns and 2,000,000 cells (rows x columns, counted from A1), its parts may unpack to at most 268,435,456 bytes and its shared strings to 33,554,432 (413 payload_too_large naming the limit above any); a file that starts as a ZIP archive and is not a readable workbook is 400 validation_error.
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description What was imported; every row left out is in `errors` (skipped = their number). */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportReportEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The resource does not exist. */
            404: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The file is over 10 MB (10,000,000 bytes), the most an import takes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    cancelCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The resource does not exist. */
            404: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `campaign_not_cancellable`: Only a scheduled or running campaign can be cancelled. */
            409: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listCampaigns: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignPageEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: These credentials may not use this resource. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CampaignRequest"];
            };
        };
        responses: {
            /** @description Document created, URL follows */
            201: {
                headers: {
                    /** @description `true` when the response is a stored replay. */
                    "Idempotent-Replay"?: string;
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `insufficient_credits`: The credit balance is too low; top up and try again. */
            402: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The resource does not exist. */
            404: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_in_progress`: A request with this Idempotency-Key is still in progress. */
            409: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is over 32768 bytes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_reused`: This Idempotency-Key was already used with a different request. */
            422: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    exportCampaignMessages: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV (UTF-8), one row per message in send order; columns: message_id, to, from, status, error, credits_used, sms_parts, batch, created_at, sent_at, delivered_at, message. */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/csv; charset=utf-8": string;
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The resource does not exist. */
            404: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The resource does not exist. */
            404: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listCampaignMessages: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Only messages in this status; empty for any. */
                status?: "" | "pending" | "sent" | "delivered" | "failed";
            };
            header?: never;
            path: {
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignMessagePageEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The resource does not exist. */
            404: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    previewCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CampaignRequest"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PreviewEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The resource does not exist. */
            404: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is over 32768 bytes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listPaymentOrders: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                /** @description Only orders in this status; empty for any. */
                status?: "" | "pending" | "confirmed" | "failed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentOrderPageEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createPackageOrder: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PackageOrderRequest"];
            };
        };
        responses: {
            /** @description Document created, URL follows */
            201: {
                headers: {
                    /** @description `true` when the response is a stored replay. */
                    "Idempotent-Replay"?: string;
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentOrderEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `invalid_phone_number`: The phone number is not a valid Tanzanian mobile number. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The resource does not exist. */
            404: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_in_progress`: A request with this Idempotency-Key is still in progress.; `phone_not_verified`: The payer phone must be verified first. */
            409: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is over 32768 bytes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_reused`: This Idempotency-Key was already used with a different request. */
            422: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getPaymentOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentOrderEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The resource does not exist. */
            404: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createVoucherOrder: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VoucherOrderRequest"];
            };
        };
        responses: {
            /** @description Document created, URL follows */
            201: {
                headers: {
                    /** @description `true` when the response is a stored replay. */
                    "Idempotent-Replay"?: string;
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentOrderEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `invalid_phone_number`: The phone number is not a valid Tanzanian mobile number. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_in_progress`: A request with this Idempotency-Key is still in progress.; `phone_not_verified`: The payer phone must be verified first. */
            409: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is over 32768 bytes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `idempotency_key_reused`: This Idempotency-Key was already used with a different request. */
            422: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    sendPayerOtp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PhoneOtpRequest"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtpSentEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `invalid_phone_number`: The phone number is not a valid Tanzanian mobile number. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is over 32768 bytes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `otp_throttled`: Too many codes requested: a number gets 1 a minute and 5 an hour, whichever accounts ask; an account asks for 5 numbers an hour; a client IP for 10 codes an hour. Ask again after Retry-After seconds.; `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    verifyPayerPhone: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PayerOtpVerifyRequest"];
            };
        };
        responses: {
            /** @description Request fulfilled, document follows */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayerPhoneEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid.; `invalid_otp`: The code is wrong or has expired. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: Missing or invalid credentials. */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `invalid_phone_number`: The phone number is not a valid Tanzanian mobile number. */
            403: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is over 32768 bytes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    receivePaymentCallback: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The provider calling back; any other answers 404 `not_found`. */
                provider: "mobilemoney";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The result was verified and recorded: `applied` (the order moved), `repeat`, `waiting`, or `refused` (no order has its reference, or its amount or currency does not match the order's, which flags the order for an operator). */
            200: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentCallbackEnvelope"];
                };
            };
            /** @description `validation_error`: The request is not valid. */
            400: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `invalid_signature`: The callback's signature does not verify (or the callback cannot be read). */
            401: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The resource does not exist. */
            404: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is over 32768 bytes. */
            413: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limit_exceeded`: Too many requests; retry later. */
            429: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget refills. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed; quote the request_id to support. */
            500: {
                headers: {
                    /** @description The request's id, as in the body's `request_id`. */
                    "X-Request-ID"?: string;
                    /** @description Requests a minute the budget this request spent allows (the account's plan, or the client IP's for public routes). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in that budget this minute. */
                    "X-RateLimit-Remaining"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
}
