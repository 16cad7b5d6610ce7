"""The constants of scripts/opentafl-match and its error type."""

import os

# OpenTafl's built-in rulesets by the number its clients take (`--rules N`, 1 to 10 in the
# order of its variant list; docs/opentafl-engine.md).
RULESETS = {"copenhagen": 3, "brandub": 6, "tablut": 8}
# The port of OpenTafl's server: fixed in its source (NetworkServer, HeadlessAIClient).
PORT = 11541
# How many times a headless client is started before its game is given up (each try under
# a fresh user name: a whole game set up again skips that many names).
CLIENT_TRIES = 4
# The 97.5% quantile of the normal law (boardgames_common::tournament's Z95).
Z95 = 1.959963984540054
MAIN_CLASS = "com.manywords.softworks.tafl.OpenTafl"
# What `javac` of OpenTafl's src/ writes there (OpenTafl's own scripts run from that path).
CLASSES = os.path.join("out", "production", "TaflEngine")
# Java 17 refuses two internal classes OpenTafl uses unless they are exported.
ADD_EXPORTS = [
    "--add-exports",
    "java.xml/com.sun.org.apache.xerces.internal.impl.dv.util=ALL-UNNAMED",
    "--add-exports",
    "java.base/sun.net=ALL-UNNAMED",
]
# The libraries OpenTafl needs, by a class each must provide, and the Debian package that
# brings it (lanterna comes with OpenTafl, in lib/).
LIBRARIES = [
    ("ini4j", "org/ini4j/Wini.class", "libini4j-java"),
    ("jline 2", "jline/console/ConsoleReader.class", "libjline2-java"),
    ("javax.json", "javax/json/Json.class", "libjsonp-java"),
    ("lanterna", "com/googlecode/lanterna/TerminalSize.class", "OpenTafl's lib/lanterna.jar"),
]
DEBIAN_JARS = [
    "/usr/share/java/ini4j.jar",
    "/usr/share/java/jline2.jar",
    "/usr/share/java/javax.json.jar",
    "/usr/share/java/javax.json-api.jar",
]
# The repository (this file is scripts/opentafl_match/common.py) and the script itself, which
# the engines' folders run as their relay.
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(REPO, "scripts", "opentafl-match")


class MatchError(Exception):
    """A problem the user must fix before a match can run (printed without a traceback)."""

