## tests/unit/console.mk: cmocka unit tests of src/model, src/fetch and the views.
