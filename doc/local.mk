## doc/local.mk: the manual pages and the sample config, installed and shipped in the tarball.
dist_man_MANS = doc/routedesk.1 doc/routedesk-sandbox.1 doc/routedesk.5
dist_doc_DATA = doc/routedesk.conf.example
