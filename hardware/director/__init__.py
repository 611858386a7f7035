"""The club director (CLUB.md): ``kaiser-scorer director``, its database, MQTT and HTTP."""
