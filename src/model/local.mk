## src/model/local.mk: typed rows for the panes (decoding, id tables, the route review).
noinst_LIBRARIES += src/model/libmodel.a
src_model_libmodel_a_SOURCES = \
	src/model/model.h \
	src/model/rows.h \
	src/model/rows.c \
	src/model/decode.c \
	src/model/stream.c \
	src/model/encode.c \
	src/model/table.c \
	src/model/review.c
MODEL_LIBS = src/model/libmodel.a $(API_LIBS)
