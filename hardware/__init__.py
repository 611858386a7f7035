"""Everything that touches the world: buttons, display, card reader, journal, the service."""
