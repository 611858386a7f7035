"""Output sinks: called on the main thread after each change the journal stored."""
