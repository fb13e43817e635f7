"""The web page served by ``deduce serve`` (:mod:`deduce.api.web`): its static files.

``static/`` holds a small ES-module app over the JSON API, with no build step: the HTML
shell, the scripts (``static/js``), the style sheet and the vendored Swagger UI for ``/docs``
(``static/vendor``, see its README for versions and licences). The page knows only what the
API answers; nothing about a game is in these files. ``python -m deduce.web.screenshots``
takes the README's screenshots in a real browser.
"""
