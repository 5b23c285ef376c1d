"""Mobile money over HTTP, shaped on ClickPesa's published API (docs.clickpesa.com): USSD push,
hosted checkout, status query and callbacks, for every Tanzanian wallet the aggregator reaches.

The client (`client`: its calls, token, retries), the checksum it signs every request with and
verifies every callback by (`signing`), and what its answers and callbacks say (`answers`).
"""

from adapters.mobilemoney.clickpesa.client import ClickPesa
from adapters.mobilemoney.clickpesa.signing import canonical_json, checksum, signed

__all__ = ["ClickPesa", "canonical_json", "checksum", "signed"]
