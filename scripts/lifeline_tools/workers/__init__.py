"""The worker pool that matches, self-play and opening runs share: tasks run in threads on this
machine or on a Dask cluster, with one check that every worker's engine is the driver's version
(pool), the cluster's side of it (dask_pool, which needs the extra `dask`), and the files, a
network, that the pool sends to a cluster's workers (files).
"""
