# SPDX-License-Identifier: MIT
# arch: amd64 arm64
# The --generic image boots the ext4 root on an NVMe namespace (-device nvme): nvme loads, virtio_blk
# and the other drivers of absent hardware do not (lib.sh em_gen_bus_scenario).
em_gen_bus_scenario nvme nvme
