"""Contacts: lists, contacts and their phones, files imported into a list and exported from one,
and the external import from Google behind UJUMBE_FEATURE_GOOGLE_CONTACTS."""

from __future__ import annotations

from dependency_injector import providers

from adapters.google_contacts import GoogleContacts, GoogleEndpoints
from adapters.spreadsheets import read_table
from application.contacts.contacts import (
    AddContact,
    AddContactPhone,
    DeleteContact,
    DeleteContactPhone,
    GetContact,
    ListContacts,
    UpdateContact,
)
from application.contacts.files import ExportContacts, ImportContacts
from application.contacts.google_connection import (
    CompleteGoogleConnection,
    ConnectGoogle,
    DisconnectGoogle,
    GetGoogleConnection,
)
from application.contacts.google_sync import SyncGoogleContacts
from application.contacts.lists import (
    CreateContactList,
    DeleteContactList,
    DescribeContactList,
    GetContactList,
    ListContactLists,
    UpdateContactList,
)
from entrypoints.google_consent import GOOGLE_CALLBACK_PATH
from entrypoints.settings import Settings
from entrypoints.wiring.core import Core

settings, clock, ids, uow = Core.settings, Core.clock, Core.ids, Core.uow
secrets, secret_box = Core.secrets, Core.secret_box


def _google_endpoints(settings: Settings) -> GoogleEndpoints:
    """The OAuth client and Google's URLs; the redirect URI is the callback under UJUMBE_PUBLIC_URL."""
    return GoogleEndpoints(
        client_id=settings.google_client_id or "", client_secret=settings.google_client_secret or "",
        redirect_uri=settings.public_url + GOOGLE_CALLBACK_PATH, auth_url=settings.google_auth_url,
        token_url=settings.google_token_url, people_url=settings.google_people_url,
        revoke_url=settings.google_revoke_url,
    )


class Contacts(Core):
    # contact files: imports into a list, exports of one
    import_contacts = providers.Factory(ImportContacts, uow=uow.provider, clock=clock, read_table=read_table)
    export_contacts = providers.Factory(ExportContacts, uow=uow.provider)

    # contact lists and contacts
    list_contact_lists = providers.Factory(ListContactLists, uow=uow.provider, clock=clock, ids=ids)
    create_contact_list = providers.Factory(CreateContactList, uow=uow.provider, clock=clock, ids=ids)
    get_contact_list = providers.Factory(GetContactList, uow=uow.provider, clock=clock, ids=ids)
    describe_contact_list = providers.Factory(DescribeContactList, uow=uow.provider, clock=clock, ids=ids)
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
