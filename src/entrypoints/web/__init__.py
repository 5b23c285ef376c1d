"""The business dashboard: server-rendered pages (Jinja2, htmx, Pico CSS) in Swahili and English,
mounted into the app at `/` (`entrypoints.web.dashboard`). It calls the use cases the REST API
calls, through the app's container; no business rule is written here (`.importlinter`)."""
