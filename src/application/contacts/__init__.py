"""Contacts: lists, contacts, spreadsheet import and export, and Google contacts."""
