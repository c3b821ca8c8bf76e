#!/bin/bash
# Grades lesson 02 in four parts at once, as a Slurm job array: each task is
# told its part in SLURM_ARRAY_TASK_ID, which --shard auto/4 reads. Submit
# it from the kit's folder, then merge the parts when every task is done:
#   sbatch cmd/labrun/examples/grade-slurm.sh
#   go run ./cmd/labrun merge --out grades shards/*
#SBATCH --job-name=grade-02
#SBATCH --array=1-4
#SBATCH --cpus-per-task=4
#SBATCH --mem=8G
#SBATCH --time=03:00:00
set -eu
exec go run ./cmd/labrun grade 02 submissions/ --shard auto/4 --resume --jobs "$SLURM_CPUS_PER_TASK" --out "shards/$SLURM_ARRAY_TASK_ID"
