"""The composition root by area: what every area is made with (`core`, the SMS `gateway`), then one
module per application area, each a small container of its providers beside the job tasks it
gives the worker. `entrypoints.container.Container` inherits them all: one provider per name, so
overriding one (`container.gateway`, `container.clock`, ...) reaches every use case made with it.

Each area module draws on `core` and `gateway` only, never on another area (`.importlinter`).
"""
