"""The engine's version, written into every save (``engine_version``)."""
__version__ = "0.1.0"
