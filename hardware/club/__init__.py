"""The table side of club play: the ``[club]`` config, the journal's id and rev, the link
between the scorer and its publisher, and the publisher (``kaiser-scorer publish``)."""
