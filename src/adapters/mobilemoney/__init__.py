"""Mobile-money adapters: the simulator (embedded default) and the HTTP client of a Tanzanian
aggregator shaped on ClickPesa's published API."""
