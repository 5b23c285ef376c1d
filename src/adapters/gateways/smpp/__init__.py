"""SMPP 3.4 to the carriers: an asyncio ESME over the smpp.pdu codec, with its pure encoding rules beside it."""
