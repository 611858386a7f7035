#!/usr/bin/env bash
# Make the broker's logins and ACL for one event: a login per table, one for the director,
# and (optionally) one per bridged venue.
#   make-logins.sh EVENT_ID TABLES [DIR]         DIR defaults to /etc/mosquitto/kaiser
#   VENUES="north south" make-logins.sh ...      also a login venue-north, venue-south
# Writes DIR/passwd (mosquitto_passwd format), DIR/acl and DIR/logins.txt (the passwords,
# mode 600: give each table its line, for its [club] login). Run again to make new ones.
set -euo pipefail

if (($# < 2)); then
  echo "usage: $0 EVENT_ID TABLES [DIR]" >&2
  exit 2
fi
event=$1
tables=$2
dir=${3:-/etc/mosquitto/kaiser}
if ! [[ $event =~ ^[a-z0-9-]{1,40}$ ]]; then
  echo "$0: the event id must be 1 to 40 of a-z, 0-9 and -" >&2
  exit 2
fi
if ! [[ $tables =~ ^[1-9][0-9]{0,3}$ ]]; then
  echo "$0: TABLES must be a number from 1 to 9999" >&2
  exit 2
fi
command -v mosquitto_passwd >/dev/null || {
  echo "$0: needs mosquitto_passwd (apt install mosquitto)" >&2
  exit 2
}

secret() { head -c 18 /dev/urandom | base64 | tr -d '/+='; }

umask 077
mkdir -p "$dir"
passwd="$dir/passwd"
acl="$dir/acl.new"
logins="$dir/logins.txt.new"
: >"$passwd.new"
prefix="kaiser/$event"

add() { # user password
  mosquitto_passwd -b "$passwd.new" "$1" "$2"
  printf '%s %s\n' "$1" "$2" >>"$logins"
}

{
  echo "# Made by make-logins.sh for event $event. Table n publishes only under table/n/;"
  echo "# only the director publishes round."
  echo "user director"
  echo "topic read $prefix/#"
  echo "topic write $prefix/round"
} >"$acl"
: >"$logins"
add director "$(secret)"
for ((n = 1; n <= tables; n++)); do
  add "table-$n" "$(secret)"
  {
    echo
    echo "user table-$n"
    echo "topic read $prefix/round"
    echo "topic readwrite $prefix/table/$n/#"
  } >>"$acl"
done
for venue in ${VENUES:-}; do
  add "venue-$venue" "$(secret)"
  {
    echo
    echo "# the bridge of venue $venue: its tables' messages in, the round out"
    echo "user venue-$venue"
    echo "topic read $prefix/round"
    echo "topic write $prefix/table/#"
  } >>"$acl"
done
mv "$passwd.new" "$passwd"
mv "$acl" "$dir/acl"
mv "$logins" "$dir/logins.txt"
# The broker reads the files as the mosquitto user, when it exists: the folder (made 0700
# by the umask) and the two files are its group's to read; logins.txt stays root's alone.
if getent group mosquitto >/dev/null 2>&1 && [[ $(id -u) == 0 ]]; then
  chgrp mosquitto "$dir" "$passwd" "$dir/acl"
  chmod 750 "$dir"
  chmod 640 "$passwd" "$dir/acl"
fi
echo "$dir: logins for the director and $tables tables${VENUES:+ and venues $VENUES}; passwords in logins.txt"
