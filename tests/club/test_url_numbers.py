"""The director's pages and API with a table or round number of 5,000 digits: 404, not a
500 with int()'s ValueError in the log (the path convertor of hardware.web.paths)."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest
from club_venue import Venue

HUGE = "9" * 5000


@pytest.mark.slow
def test_a_table_or_round_number_of_5000_digits_is_a_404(venue: Venue) -> None:
    paths = [
        f"/tables/{HUGE}/rounds/1",
        f"/tables/1/rounds/{HUGE}",
        f"/api/tables/{HUGE}/rounds/1",
        f"/api/tables/1/rounds/0{HUGE}",
    ]
    for path in paths:
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(venue.director.url + path, timeout=10)
        assert err.value.code == 404, path
    with pytest.raises(urllib.error.HTTPError) as err:  # a number that fits: its own 404
        urllib.request.urlopen(venue.director.url + "/api/tables/1/rounds/7", timeout=10)
    assert err.value.code == 404 and b"no game of table 1 in round 7" in err.value.read()
    log = venue.director.log()
    assert "Traceback" not in log and "ValueError" not in log, log
